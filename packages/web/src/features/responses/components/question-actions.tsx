import { useId, useRef, useState, type ChangeEvent } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
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
import { ANSWER_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type { UploadAttachmentReply } from '@palisade/domain/responses/response.schema';
import {
  ALLOWED_EXTENSIONS,
  isAllowedExtension,
  isAllowedSize,
} from '@palisade/domain/files/file.rules';
import { filesMessages } from '@palisade/domain/messages/files';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { ChatButton } from '../../../components/chat/chat-button';
import { showError } from '../../../lib/notifier';
import { attachmentUploadScope, useUploadAttachment } from '../api/upload-attachment';

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

interface QuestionActionsProps {
  /** The question's number in the section (names the buttons). */
  number: number;
  responseId: string;
  sectionId: string;
  /** The response question's _id: its chat room. */
  questionId: string;
  /** The question's text: the chat dialog's title. */
  questionText: string;
  files: readonly FileRecord[];
  /** Paths saved with the answer; the others were uploaded since and need a Save. */
  savedPaths: ReadonlySet<string>;
  editable: boolean;
  onUploaded: (file: UploadAttachmentReply) => void;
  onDelete: (file: FileRecord) => void;
  /**
   * Joins the upload to the question at once (its questionId is sent) after the question's
   * pending saves; without it the file waits for the next Save.
   */
  queue?: (task: () => Promise<void>) => Promise<void>;
  /** False where nobody attaches to the answer (the auditor's and the organisation's views): no attach button. */
  attachable?: boolean;
}

/**
 * The Confirmation column of one question: attach (uploads at once, after the client checks),
 * the attachments menu (download, delete), and the chat button with its unread badge.
 */
export function QuestionActions({
  number,
  responseId,
  sectionId,
  questionId,
  questionText,
  files,
  savedPaths,
  editable,
  onUploaded,
  onDelete,
  queue,
  attachable = true,
}: QuestionActionsProps) {
  const input = useRef<HTMLInputElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const upload = useUploadAttachment();
  const menuId = useId();
  const full = files.length >= ANSWER_ATTACHMENTS_MAX;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) return showError(problem);
    const scope = attachmentUploadScope(responseId, questionId);
    if (!queue) {
      upload.mutate({ responseId, sectionId, scope, file }, { onSuccess: onUploaded });
      return;
    }
    void queue(() =>
      upload
        .mutateAsync({ responseId, sectionId, questionId, scope, file })
        .then(onUploaded, () => undefined),
    );
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={onFile}
        data-testid={`attach-input-${number}`}
      />
      {/* A disabled button gets no pointer events: the span carries the tooltip for it. */}
      {attachable && (
        <Tooltip title={full && editable ? t.tooManyFiles : ''} describeChild>
          <span>
            <IconButton
              aria-label={t.attachLabel(number)}
              onClick={() => input.current?.click()}
              disabled={!editable || full}
              loading={upload.isPending}
              color="primary"
            >
              <AttachFileRounded />
            </IconButton>
          </span>
        </Tooltip>
      )}
      <IconButton
        aria-label={t.attachmentsLabel(number, files.length)}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={files.length} color="primary" max={99}>
          <FolderOpenRounded />
        </Badge>
      </IconButton>
      <ChatButton
        responseId={responseId}
        questionId={questionId}
        label={t.chatLabel(number)}
        questionText={questionText}
      />
      <Popover
        id={menuId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t.attachmentsLabel(number, files.length),
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
                  editable ? (
                    <IconButton
                      edge="end"
                      aria-label={t.deleteFile(file.fileName)}
                      onClick={() => {
                        setAnchor(null);
                        onDelete(file);
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
                  secondary={
                    // With the queue every upload joins its question at once: all are saved.
                    queue !== undefined || savedPaths.has(file.filePath)
                      ? sizeText(file.fileSize)
                      : `${sizeText(file.fileSize)} · ${t.notSavedYet}`
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </Box>
  );
}

const noop = () => undefined;

/**
 * The files and the chat of a question nobody may change on this screen (the auditor's and the
 * organisation's views): every file is a saved one, and there is no attach button (they send
 * files through the chat; issue 19).
 */
export function ReadonlyQuestionActions(
  props: Omit<
    QuestionActionsProps,
    'savedPaths' | 'editable' | 'onUploaded' | 'onDelete' | 'attachable'
  >,
) {
  return (
    <QuestionActions
      {...props}
      attachable={false}
      savedPaths={new Set(props.files.map((f) => f.filePath))}
      editable={false}
      onUploaded={noop}
      onDelete={noop}
    />
  );
}
