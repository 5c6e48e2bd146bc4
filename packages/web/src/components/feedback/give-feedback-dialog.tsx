import { useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { FEEDBACK_TEXT_MAX_LENGTH } from '@palisade/domain/constants';
import {
  createFeedbackFieldsSchema,
  type CreateFeedbackFields,
} from '@palisade/domain/feedback/feedback.schema';
import { feedbackFilesError } from '@palisade/domain/feedback/feedback.rules';
import { ALLOWED_EXTENSIONS } from '@palisade/domain/files/file.rules';
import { showsCounter } from '@palisade/domain/text/text-limit';
import { feedbackMessages } from '@palisade/domain/messages/feedback';
import { newClientId } from '../../lib/client-id';
import { muiField } from '../../lib/forms';
import { useTextLimit } from '../../lib/text-limit';
import { AttachFiles } from '../attach-files';
import { FormTextField } from '../form-text-field';
import { LimitHelperText } from '../limit-helper-text';
import { UploadProgress } from '../upload-progress';
import { feedbackUploadScope, useCreateFeedback } from './feedback-api';

const m = feedbackMessages;
/** The dialog's own picker offers .jpeg, .jpg and .png (spec §2); the server takes more. */
const ACCEPT = ALLOWED_EXTENSIONS.feedbackDialog.map((ext) => `.${ext}`).join(',');

export interface GiveFeedbackDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The Give Feedback modal (foundation-and-contractor §2, company-and-auditor §2.2): a text and
 * files; Submit is disabled while the text is empty. The feedback goes to the working
 * organisation, from the signed-in user. Loaded when first opened (give-feedback-button.tsx).
 */
export function GiveFeedbackDialog({ open, onClose }: GiveFeedbackDialogProps) {
  const [files, setFiles] = useState<File[]>([]);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateFeedback();
  const form = useForm<CreateFeedbackFields>({
    resolver: zodResolver(createFeedbackFieldsSchema),
    defaultValues: { feedbackText: '' },
  });
  const text = form.watch('feedbackText');
  const error = form.formState.errors.feedbackText?.message;
  const limit = useTextLimit(FEEDBACK_TEXT_MAX_LENGTH);
  // The id of the feedback being written: kept for its retries, a new one for the next opening.
  const [feedbackId, setFeedbackId] = useState(newClientId);
  // Set at once on Submit (isPending comes a render later, after validation): a double click sends one request.
  const sending = useRef(false);

  const clear = () => {
    setFiles([]);
    form.reset();
    limit.reset();
    setFeedbackId(newClientId());
  };
  const close = () => {
    if (create.isPending || sending.current) return;
    clear();
    onClose();
  };
  const send = form.handleSubmit(
    (values) =>
      create.mutate(
        { id: feedbackId, feedbackText: values.feedbackText, files },
        {
          onSuccess: () => {
            clear();
            onClose();
          },
          onSettled: () => {
            sending.current = false;
          },
        },
      ),
    () => {
      sending.current = false;
    },
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    void send(event);
  };
  const helper = error || limit.cut || showsCounter(text.length, FEEDBACK_TEXT_MAX_LENGTH);
  const field = form.register('feedbackText');

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby="give-feedback-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="give-feedback-title">{m.giveFeedback}</DialogTitle>
        <DialogContent>
          <FormTextField
            label={m.textLabel}
            multiline
            minRows={4}
            // Scrolls past 12 rows: the count under it and the buttons stay in view.
            maxRows={12}
            autoFocus
            required
            error={Boolean(error)}
            helperText={
              helper ? (
                <LimitHelperText text={error} length={text.length} max={FEEDBACK_TEXT_MAX_LENGTH} cut={limit.cut} />
              ) : undefined
            }
            {...muiField(field)}
            onChange={(event) => {
              // No maxLength (a paste would be cut silently): cut here, and say so (issue 56).
              const fitting = limit.take(event.target.value);
              if (fitting !== event.target.value) event.target.value = fitting;
              void field.onChange(event);
            }}
          />
          <AttachFiles
            files={files}
            onChange={setFiles}
            accept={ACCEPT}
            buttonLabel={m.attach}
            check={feedbackFilesError}
            removeLabel={m.removeFile}
            disabled={create.isPending}
            inputName="feedback-attachments"
          />
          <UploadProgress scope={feedbackUploadScope(feedbackId)} sx={{ mt: 2 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            {m.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={text.trim() === ''}
            loading={create.isPending}
          >
            {m.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
