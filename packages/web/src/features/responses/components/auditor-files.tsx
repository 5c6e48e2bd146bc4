import { useId, useRef, useState, type ChangeEvent, type MouseEvent, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import FolderOpenRounded from '@mui/icons-material/FolderOpenRounded';
import { AUDITOR_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import { ALLOWED_EXTENSIONS } from '@palisade/domain/files/file.rules';
import { filesMessages } from '@palisade/domain/messages/files';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import type { AuditorFileRecord } from '@palisade/domain/responses/response.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showError } from '../../../lib/notifier';
import { useDeleteAuditorAttachment, useUploadAuditorAttachment } from '../api/auditor-attachments';
import { attachmentProblem, sizeText } from './question-actions';

const t = responseScreensMessages;
const r = reviewScreensMessages;
const ACCEPT = ALLOWED_EXTENSIONS.checklist.map((ext) => `.${ext}`).join(',');

interface FilesMenuProps {
  id: string;
  label: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  files: readonly AuditorFileRecord[];
  /** The files this user may delete now (none when undefined). */
  mayDelete?: (file: AuditorFileRecord) => boolean;
  onDelete?: (file: AuditorFileRecord) => void;
}

/** The auditors' files of a question: download, and delete where allowed; "No files available" when empty. */
function FilesMenu({ id, label, anchor, onClose, files, mayDelete, onDelete }: FilesMenuProps) {
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
                secondary={r.auditorFileBy(sizeText(file.fileSize), file.uploadedBy.name)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Popover>
  );
}

/** A button that opens the menu of the auditors' files, with the menu. */
function useFilesMenu(label: string) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const trigger = {
    'aria-label': label,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': anchor ? ('true' as const) : undefined,
    'aria-controls': anchor ? id : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
  };
  const menu = (props: Omit<FilesMenuProps, 'id' | 'label' | 'anchor' | 'onClose'>): ReactNode => (
    <FilesMenu id={id} label={label} anchor={anchor} onClose={() => setAnchor(null)} {...props} />
  );
  return { trigger, menu };
}

interface AuditorFileActionsProps {
  /** The question's number in the section (names the buttons). */
  number: number;
  responseId: string;
  questionId: string;
  files: readonly AuditorFileRecord[];
  /** The auditor may judge now (SUBMITTED): it attaches, and deletes its own files. */
  editable: boolean;
  /** The signed-in auditor: its own files may be deleted. */
  userId: string;
}

/**
 * The auditor's attach button and attachments menu of one question (company-and-auditor §2.5;
 * issue 56): a file is uploaded at once after the client's checks; the menu lists every auditor's
 * files, each downloadable, the auditor's own deletable (after a confirmation) while it may judge.
 */
export function AuditorFileActions({
  number,
  responseId,
  questionId,
  files,
  editable,
  userId,
}: AuditorFileActionsProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAuditorAttachment();
  const remove = useDeleteAuditorAttachment();
  const [toDelete, setToDelete] = useState<AuditorFileRecord | null>(null);
  const { trigger, menu } = useFilesMenu(r.auditorFilesOf(number, files.length));
  const full = files.length >= AUDITOR_ATTACHMENTS_MAX;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) return showError(problem);
    upload.mutate({ responseId, questionId, file });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={onFile}
        data-testid={`auditor-attach-input-${number}`}
      />
      {editable && (
        // A disabled button gets no pointer events: the span carries the tooltip for it.
        <Tooltip title={full ? r.auditorTooManyFiles : ''} describeChild>
          <span>
            <IconButton
              aria-label={r.auditorAttach(number)}
              onClick={() => input.current?.click()}
              disabled={full}
              loading={upload.isPending}
              color="primary"
            >
              <AttachFileRounded />
            </IconButton>
          </span>
        </Tooltip>
      )}
      <IconButton {...trigger}>
        <Badge badgeContent={files.length} color="primary" max={99}>
          <FolderOpenRounded />
        </Badge>
      </IconButton>
      {menu({
        files,
        mayDelete: (file) => editable && file.uploadedBy._id === userId,
        onDelete: setToDelete,
      })}
      <ConfirmDialog
        open={toDelete !== null}
        title={t.deleteTitle}
        message={toDelete ? filesMessages.confirmDelete(toDelete.fileName) : ''}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        destructive
        loading={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(
            { responseId, questionId, filePath: toDelete.filePath },
            { onSettled: () => setToDelete(null) },
          );
        }}
        onCancel={() => setToDelete(null)}
      />
    </Box>
  );
}

/**
 * The auditors' files of a question where nobody changes them (the contractor's and the
 * organisation's views): a button labelled as the auditor's, shown once there is a file.
 */
export function AuditorFilesView({
  number,
  files,
}: {
  number: number;
  files: readonly AuditorFileRecord[];
}) {
  const { trigger, menu } = useFilesMenu(r.auditorFilesOf(number, files.length));
  if (files.length === 0) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<FolderOpenRounded />}
        {...trigger}
        sx={{ alignSelf: 'flex-start', whiteSpace: 'nowrap' }}
      >
        {r.auditorFiles(files.length)}
      </Button>
      {menu({ files })}
    </>
  );
}
