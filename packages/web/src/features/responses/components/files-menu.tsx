import { useId, useRef, useState, type ChangeEvent, type MouseEvent, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import {
  ALLOWED_EXTENSIONS,
  isAllowedExtension,
  isAllowedSize,
} from '@palisade/domain/files/file.rules';
import { filesMessages } from '@palisade/domain/messages/files';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { showError } from '../../../lib/notifier';

const t = responseScreensMessages;
const ACCEPT = ALLOWED_EXTENSIONS.checklist.map((ext) => `.${ext}`).join(',');

/** 1.2 MB, 340 KB, 12 B. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * The spec's client checks of a checklist attachment (§5): its extension, then the 10 MB cap.
 * Returns the text to show, or null when the file may be uploaded.
 */
export function attachmentProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!isAllowedExtension(file.name, 'checklist')) return filesMessages.unsupported;
  if (!isAllowedSize(file.size)) return filesMessages.tooLarge;
  return null;
}

interface FilesMenuProps<F extends FileRecord> {
  id: string;
  label: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  files: readonly F[];
  /** The line under a file's name (its size, who sent it, whether it is saved). */
  describe: (file: F) => string;
  /** The files this user may delete now (none when undefined). */
  mayDelete?: ((file: F) => boolean) | undefined;
  onDelete?: ((file: F) => void) | undefined;
}

/**
 * A question's files in a popover (the answer's, or the auditors'): each downloadable, deletable
 * where allowed; "No files available" when there is none.
 */
function FilesMenu<F extends FileRecord>({
  id,
  label,
  anchor,
  onClose,
  files,
  describe,
  mayDelete,
  onDelete,
}: FilesMenuProps<F>) {
  return (
    <Popover
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': label,
          sx: { width: 'min(360px, calc(100vw - 32px))' },
        },
      }}
    >
      {files.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {filesMessages.noFiles}
        </Typography>
      ) : (
        <List dense>
          {files.map((file) => (
            <ListItem
              key={file.filePath}
              secondaryAction={
                mayDelete?.(file) ? (
                  <IconButton
                    edge="end"
                    aria-label={t.deleteFile(file.fileName)}
                    onClick={() => {
                      onClose();
                      onDelete?.(file);
                    }}
                  >
                    <DeleteOutlineRounded />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <Link
                    href={file.fileLink}
                    download={file.fileName}
                    aria-label={t.download(file.fileName)}
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {file.fileName}
                  </Link>
                }
                secondary={describe(file)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Popover>
  );
}

/**
 * A files menu and the props of the button that opens it (spread on any button): the button is
 * named `label`, says it opens a dialog, and points at the menu while it is open.
 */
export function useFilesMenu(label: string) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const trigger = {
    'aria-label': label,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': anchor ? ('true' as const) : undefined,
    'aria-controls': anchor ? id : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
  };
  const menu = <F extends FileRecord>(
    props: Omit<FilesMenuProps<F>, 'id' | 'label' | 'anchor' | 'onClose'>,
  ): ReactNode => (
    <FilesMenu id={id} label={label} anchor={anchor} onClose={() => setAnchor(null)} {...props} />
  );
  return { trigger, menu };
}

interface AttachButtonProps {
  label: string;
  /** Why it is disabled, in its tooltip (empty: no tooltip). */
  refusal: string;
  disabled: boolean;
  loading: boolean;
  /** The hidden input's test id. */
  testId: string;
  /** A file the client's checks let through. */
  onFile: (file: File) => void;
}

/**
 * The attach button of a question: a hidden file input of the checklist's types, opened by the
 * button; a chosen file is checked here (type, size) and refused in the Error dialog.
 */
export function AttachButton({
  label,
  refusal,
  disabled,
  loading,
  testId,
  onFile,
}: AttachButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) return showError(problem);
    onFile(file);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={onChange}
        data-testid={testId}
      />
      {/* A disabled button gets no pointer events: the span carries the tooltip for it. */}
      <Tooltip title={refusal} describeChild>
        <span>
          <IconButton
            aria-label={label}
            onClick={() => input.current?.click()}
            disabled={disabled}
            loading={loading}
            color="primary"
          >
            <AttachFileRounded />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
