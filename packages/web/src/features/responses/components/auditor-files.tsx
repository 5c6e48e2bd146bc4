import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import FolderOpenRounded from '@mui/icons-material/FolderOpenRounded';
import { AUDITOR_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import { filesMessages } from '@palisade/domain/messages/files';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import type { AuditorFileRecord } from '@palisade/domain/responses/response.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteAuditorAttachment, useUploadAuditorAttachment } from '../api/auditor-attachments';
import { AttachButton, sizeText, useFilesMenu } from './files-menu';

const t = responseScreensMessages;
const r = reviewScreensMessages;
/** Under an auditor's file: its size and who sent it. */
const byWhom = (file: AuditorFileRecord) => r.auditorFileBy(sizeText(file.fileSize), file.uploadedBy.name);

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
  const upload = useUploadAuditorAttachment();
  const remove = useDeleteAuditorAttachment();
  const [toDelete, setToDelete] = useState<AuditorFileRecord | null>(null);
  const { trigger, menu } = useFilesMenu(r.auditorFilesOf(number, files.length));
  const full = files.length >= AUDITOR_ATTACHMENTS_MAX;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {editable && (
        <AttachButton
          label={r.auditorAttach(number)}
          refusal={full ? r.auditorTooManyFiles : ''}
          disabled={full}
          loading={upload.isPending}
          testId={`auditor-attach-input-${number}`}
          onFile={(file) => upload.mutate({ responseId, questionId, file })}
        />
      )}
      <IconButton {...trigger}>
        <Badge badgeContent={files.length} color="primary" max={99}>
          <FolderOpenRounded />
        </Badge>
      </IconButton>
      {menu({
        files,
        describe: byWhom,
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
      {menu({ files, describe: byWhom })}
    </>
  );
}
