import { filesMessages as t } from '@palisade/domain/messages/files';
import { useUploadsLeavePrompt } from '../lib/uploads';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Mounted once in the app shell: while an upload runs, a move to another page asks first (and the
 * browser asks before a reload or a close). Stay keeps the upload; Leave stops it and goes.
 */
export function UploadLeavePrompt() {
  const blocker = useUploadsLeavePrompt();
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t.uploadLeaveTitle}
      message={t.uploadLeaveMessage}
      confirmLabel={t.uploadLeave}
      cancelLabel={t.uploadStay}
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
