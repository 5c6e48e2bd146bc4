import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import {
  DOCUMENT_DESCRIPTION_MAX_LENGTH,
  DOCUMENT_TITLE_MAX_LENGTH,
} from '@palisade/domain/constants';
import {
  createDocumentFieldsSchema,
  type CreateDocumentFields,
  type PolicyDocument,
} from '@palisade/domain/documents/document.schema';
import { documentFilesError } from '@palisade/domain/documents/document.rules';
import { ALLOWED_EXTENSIONS } from '@palisade/domain/files/file.rules';
import { documentsMessages } from '@palisade/domain/messages/documents';
import { newClientId } from '../../lib/client-id';
import { muiField } from '../../lib/forms';
import { AttachFiles } from '../attach-files';
import { FormTextField } from '../form-text-field';
import { UploadProgress } from '../upload-progress';
import { documentUploadScope, useCreateDocument, useEditDocument } from './documents-api';

const m = documentsMessages;
const ACCEPT = ALLOWED_EXTENSIONS.policy.map((ext) => `.${ext}`).join(',');

/**
 * The Add document modal (company-and-auditor §2.9: title, text, files), and the same form to edit
 * a document: its files can be removed and new ones added; at least one must remain. Title, text
 * and a file are all required ("All fields are mandatory").
 */
export function DocumentFormDialog({
  open,
  document,
  onClose,
}: {
  open: boolean;
  document: PolicyDocument | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateDocument();
  const edit = useEditDocument();
  const pending = create.isPending || edit.isPending;
  const [files, setFiles] = useState<File[]>([]);
  const [kept, setKept] = useState<PolicyDocument['attachments']>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  // A new document's id, made at each opening and kept for its retries (DECISIONS.md).
  const [documentId, setDocumentId] = useState(newClientId);
  // Set at once on Save (isPending comes a render later, after validation): a double click sends one request.
  const sending = useRef(false);
  const form = useForm<CreateDocumentFields>({
    resolver: zodResolver(createDocumentFieldsSchema),
    defaultValues: { title: '', description: '' },
  });

  useEffect(() => {
    if (!open) return;
    form.reset({ title: document?.title ?? '', description: document?.description ?? '' });
    setKept(document?.attachments ?? []);
    setFiles([]);
    setFilesError(null);
    setDocumentId(newClientId());
  }, [open, document, form]);

  const close = () => {
    if (!pending && !sending.current) onClose();
  };
  const send = form.handleSubmit(
    (values) => {
      const refusal = documentFilesError(files, kept.length);
      setFilesError(refusal);
      if (refusal) {
        sending.current = false;
        return;
      }
      const done = {
        onSuccess: onClose,
        onSettled: () => {
          sending.current = false;
        },
      };
      if (document)
        edit.mutate(
          { ...values, files, documentId: document._id, keep: kept.map((k) => k.filePath) },
          done,
        );
      else create.mutate({ ...values, id: documentId, files }, done);
    },
    () => {
      sending.current = false;
      setFilesError(documentFilesError(files, kept.length));
    },
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    void send(event);
  };
  const { errors } = form.formState;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby="document-form-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="document-form-title">
          {document ? m.editDocument : m.addDocument}
        </DialogTitle>
        <DialogContent>
          <FormTextField
            label={m.title}
            required
            autoFocus
            error={Boolean(errors.title)}
            helperText={errors.title?.message}
            inputProps={{ maxLength: DOCUMENT_TITLE_MAX_LENGTH }}
            {...muiField(form.register('title'))}
          />
          <FormTextField
            label={m.text}
            required
            multiline
            minRows={4}
            error={Boolean(errors.description)}
            helperText={errors.description?.message}
            inputProps={{ maxLength: DOCUMENT_DESCRIPTION_MAX_LENGTH }}
            {...muiField(form.register('description'))}
          />
          <Typography variant="subtitle2" component="p" sx={{ mt: 2, mb: 1 }}>
            {m.files}
          </Typography>
          {kept.length > 0 && (
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                mb: 1,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
              }}
            >
              {kept.map((a) => (
                <li key={a.filePath}>
                  <Chip
                    label={a.fileName}
                    variant="outlined"
                    onDelete={
                      pending
                        ? undefined
                        : () => setKept(kept.filter((k) => k.filePath !== a.filePath))
                    }
                    deleteIcon={<CancelOutlined titleAccess={m.removeFile(a.fileName)} />}
                    sx={{ maxWidth: '100%' }}
                  />
                </li>
              ))}
            </Box>
          )}
          <AttachFiles
            files={files}
            onChange={(next) => {
              setFiles(next);
              setFilesError(null);
            }}
            accept={ACCEPT}
            buttonLabel={m.chooseFiles}
            check={(next) => {
              const refusal = documentFilesError(next, kept.length);
              return refusal === m.allMandatory ? null : refusal;
            }}
            removeLabel={m.removeFile}
            disabled={pending}
            inputName="document-attachments"
          />
          <UploadProgress
            scope={documentUploadScope(document ? document._id : documentId)}
            sx={{ mt: 2 }}
          />
          {filesError && (
            <FormHelperText error role="alert">
              {filesError}
            </FormHelperText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={pending}>
            {m.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {m.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
