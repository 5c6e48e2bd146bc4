import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import type { z } from 'zod';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DOCUMENT_REFERENCE_MAX_LENGTH } from '@palisade/domain/compliance/compliance.rules';
import {
  uploadDocumentFieldsSchema,
  type Requirement,
  type UploadDocumentFields,
} from '@palisade/domain/compliance/compliance.schema';
import { complianceMessages } from '@palisade/domain/compliance/compliance.messages';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { ALLOWED_EXTENSIONS, isAllowedExtension, isAllowedSize } from '@palisade/domain/files/file.rules';
import { filesMessages } from '@palisade/domain/messages/files';
import { DayPickerField } from '../../../components/day-picker-field';
import { UploadProgress } from '../../../components/upload-progress';
import { useClientId, useSingleFlight } from '../../../lib/client-id';
import { muiField } from '../../../lib/forms';
import { documentUploadScope, useUploadDocument } from '../api/documents-api';
import { useOrganisationToday } from '../../../lib/organisation-today';

const t = complianceScreensMessages;
const m = complianceMessages;
const ACCEPT = ALLOWED_EXTENSIONS.compliance.map((ext) => `.${ext}`).join(',');


/**
 * The upload form's schema: the call's (dates as days, expiry not before issue, reference length)
 * and what the server checks against its day: the issue date not after today, the expiry date
 * required when the requirement expires and not before today.
 */
export function uploadFormSchema(expires: boolean, today: string) {
  return uploadDocumentFieldsSchema.superRefine((v, ctx) => {
    if (v.issueDate > today) ctx.addIssue({ code: 'custom', path: ['issueDate'], message: m.issueDateFuture });
    if (expires && v.expiryDate === null)
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: m.expiryDateRequired });
    if (v.expiryDate !== null && v.expiryDate < today)
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: m.expiryInPast });
  });
}
type UploadValues = z.output<typeof uploadDocumentFieldsSchema>;

/** What is wrong with a chosen file before it is sent (the server checks the bytes again). */
export function fileProblem(file: File | null): string | null {
  if (!file) return m.fileRequired;
  if (!isAllowedExtension(file.name, 'compliance')) return m.fileType;
  if (file.size === 0) return m.fileEmpty;
  if (!isAllowedSize(file.size)) return filesMessages.tooLarge;
  return null;
}

/**
 * Upload or Replace a requirement's document (issue 57): the file (PDF, JPEG or PNG, through the
 * project's upload with its progress), the issue date, the expiry date when the requirement
 * expires, and an optional reference. The form checks what it can (the domain schema, today's
 * bounds, the file's type and size); the server's refusals open the Error dialog. Each upload
 * carries its client-made id: a retry stores one version.
 */
export function UploadDocumentDialog({
  requirement,
  replace,
  onClose,
}: {
  /** The requirement uploaded for; null: closed. */
  requirement: Requirement | null;
  replace: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const fileId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const upload = useUploadDocument();
  const clientId = useClientId();
  const flight = useSingleFlight();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const expires = requirement?.expires ?? true;
  const today = useOrganisationToday();
  const schema = useMemo(() => uploadFormSchema(expires, today), [expires, today]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<UploadDocumentFields, unknown, UploadValues>({
    resolver: zodResolver(schema),
    defaultValues: { id: clientId.id, requirementId: requirement?._id ?? '', issueDate: '', expiryDate: '', reference: '' },
  });
  // Opened for a requirement: a fresh form (a refetch of the same requirement keeps the typing).
  const requirementId = requirement?._id ?? null;
  useEffect(() => {
    if (requirementId === null) return;
    reset({ id: clientId.id, requirementId, issueDate: '', expiryDate: '', reference: '' });
    setFile(null);
    setFileError(null);
  }, [requirementId, clientId.id, reset]);

  const close = () => {
    if (flight.sending) return;
    onClose();
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked);
    setFileError(picked ? fileProblem(picked) : m.fileRequired);
  };

  const onSubmit = handleSubmit(
    (values) => {
      const problem = fileProblem(file);
      setFileError(problem);
      if (problem !== null || !file) return;
      flight.run(() =>
        upload
          .mutateAsync({
            fields: {
              ...values,
              id: values.id ?? clientId.id,
              expiryDate: expires ? values.expiryDate : null,
            },
            file,
          })
          .then(() => {
            clientId.renew();
            onClose();
          }),
      );
    },
    () => setFileError(fileProblem(file)),
  );

  const name = requirement?.name ?? '';
  return (
    <Dialog
      open={requirement !== null}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {replace ? t.replaceTitle(name) : t.uploadTitle(name)}
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <Box>
            <input
              ref={input}
              id={fileId}
              type="file"
              accept={ACCEPT}
              hidden
              onChange={onPick}
              data-testid="compliance-file-input"
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Button
                variant="outlined"
                startIcon={<UploadFileOutlined />}
                onClick={() => input.current?.click()}
                aria-describedby={`${fileId}-help`}
              >
                {t.chooseFile}
              </Button>
              <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="chosen-file">
                {file?.name ?? t.noFile}
              </Typography>
            </Box>
            <FormHelperText id={`${fileId}-help`} error={fileError !== null}>
              {fileError ?? t.fileHelp}
            </FormHelperText>
          </Box>
          <Controller
            control={control}
            name="issueDate"
            render={({ field }) => (
              <DayPickerField
                label={t.issueDate}
                value={field.value ?? ''}
                onChange={field.onChange}
                error={errors.issueDate !== undefined}
                helperText={errors.issueDate?.message}
              />
            )}
          />
          {expires && (
            <Controller
              control={control}
              name="expiryDate"
              render={({ field }) => (
                <DayPickerField
                  label={t.expiryDate}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  minDay={today}
                  error={errors.expiryDate !== undefined}
                  helperText={errors.expiryDate?.message}
                />
              )}
            />
          )}
          <TextField
            {...muiField(register('reference'))}
            label={t.reference}
            size="small"
            error={errors.reference !== undefined}
            helperText={errors.reference?.message ?? t.referenceHelp}
            slotProps={{ htmlInput: { maxLength: DOCUMENT_REFERENCE_MAX_LENGTH } }}
          />
          {requirement && <UploadProgress scope={documentUploadScope(requirement._id)} />}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={flight.sending}>
          {t.cancel}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={flight.sending}>
          {replace ? t.replace : t.upload}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
