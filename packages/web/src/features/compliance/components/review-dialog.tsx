import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { REVIEW_REMARK_MAX_LENGTH } from '@palisade/domain/compliance/compliance.rules';
import {
  reviewDocumentSchema,
  type ReviewDocumentInput,
} from '@palisade/domain/compliance/compliance.schema';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { useSingleFlight } from '../../../lib/client-id';
import { muiField } from '../../../lib/forms';
import { useReviewDocument } from '../api/documents-api';

const t = complianceScreensMessages;
type ReviewValues = z.output<typeof reviewDocumentSchema>;

/**
 * Accept or Reject a submitted document with a remark (issue 57): the remark is optional to
 * accept and required to reject (the domain schema says so, as the server does).
 */
export function ReviewDialog({
  documentId,
  decision,
  onClose,
}: {
  documentId: string;
  /** The judgement asked for; null: closed. */
  decision: ReviewDocumentInput['decision'] | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const review = useReviewDocument();
  const flight = useSingleFlight();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewDocumentInput, unknown, ReviewValues>({
    resolver: zodResolver(reviewDocumentSchema),
    defaultValues: { documentId, decision: decision ?? 'ACCEPTED', remark: '' },
  });
  useEffect(() => {
    if (decision) reset({ documentId, decision, remark: '' });
  }, [decision, documentId, reset]);

  const onSubmit = handleSubmit((values) => {
    flight.run(() => review.mutateAsync(values).then(onClose));
  });

  return (
    <Dialog
      open={decision !== null}
      onClose={flight.sending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t.reviewTitle(decision ?? 'ACCEPTED')}</DialogTitle>
      <DialogContent>
        <form id={`${titleId}-form`} noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField
            {...muiField(register('remark'))}
            label={decision === 'REJECTED' ? t.remarkRequiredLabel : t.remarkOptional}
            required={decision === 'REJECTED'}
            multiline
            minRows={3}
            fullWidth
            margin="dense"
            error={errors.remark !== undefined}
            helperText={errors.remark?.message}
            slotProps={{ htmlInput: { maxLength: REVIEW_REMARK_MAX_LENGTH } }}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={flight.sending}>
          {t.cancel}
        </Button>
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          color={decision === 'REJECTED' ? 'error' : 'success'}
          loading={flight.sending}
        >
          {decision === 'REJECTED' ? t.reject : t.accept}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
