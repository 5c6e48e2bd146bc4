import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import FolderOpenRounded from '@mui/icons-material/FolderOpenRounded';
import { ANSWER_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type { UploadAttachmentReply } from '@palisade/domain/responses/response.schema';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { ChatButton } from '../../../components/chat/chat-button';
import { attachmentUploadScope, useUploadAttachment } from '../api/upload-attachment';
import { AttachButton, sizeText, useFilesMenu } from './files-menu';

const t = responseScreensMessages;

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
  const upload = useUploadAttachment();
  const { trigger, menu } = useFilesMenu(t.attachmentsLabel(number, files.length));
  const full = files.length >= ANSWER_ATTACHMENTS_MAX;

  const onFile = (file: File) => {
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
      {attachable && (
        <AttachButton
          label={t.attachLabel(number)}
          refusal={full && editable ? t.tooManyFiles : ''}
          disabled={!editable || full}
          loading={upload.isPending}
          testId={`attach-input-${number}`}
          onFile={onFile}
        />
      )}
      <IconButton {...trigger}>
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
      {menu({
        files,
        mayDelete: () => editable,
        onDelete,
        describe: (file) =>
          // With the queue every upload joins its question at once: all are saved.
          queue !== undefined || savedPaths.has(file.filePath)
            ? sizeText(file.fileSize)
            : `${sizeText(file.fileSize)} · ${t.notSavedYet}`,
      })}
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
