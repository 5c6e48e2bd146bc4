import { useId, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { csvFileProblem, splitCsv } from '@palisade/domain/users/bulk.rules';
import { apiUpload } from '../lib/uploads';
import { downloadCsv } from './csv-file';
import { UploadProgress } from './upload-progress';

const t = userScreensMessages;
/** The servers take at most 1 MB of CSV text (createBulkContractors, createBulkEmployees). */
const MAX_CSV_BYTES = 1024 * 1024;

/** The chosen file, read and checked here first: a wrong header never reaches the server. */
export type CheckedBulkFile =
  | { name: string; ok: false; message: string }
  | { name: string; ok: true; text: string; ready: number };

/** What a bulk upload did, row by row (rows numbered as in the file, header = 1). */
export interface BulkUploadReport {
  createdCount: number;
  skipped: readonly { row: number; field: string; reason: string }[];
  invalid: readonly { row: number; field: string; message: string }[];
  invitationsSent: number;
}

/** A file's domain rules: the format text, or how many rows are ready. */
export type BulkRowsCheck = (
  rows: string[][],
) => { ok: false; message: string } | { ok: true; valid: readonly unknown[] };

/** Reads a chosen CSV file and checks its header and rows with the domain's bulk rules. */
export async function checkBulkCsvFile(file: File, check: BulkRowsCheck): Promise<CheckedBulkFile> {
  if (file.size > MAX_CSV_BYTES) return { name: file.name, ok: false, message: t.bulkFileTooLarge };
  const text = await file.text();
  const notCsv = csvFileProblem(file.name, text.slice(0, 4096));
  if (notCsv) return { name: file.name, ok: false, message: notCsv };
  const parsed = check(splitCsv(text));
  if (!parsed.ok) return { name: file.name, ok: false, message: parsed.message };
  return { name: file.name, ok: true, text, ready: parsed.valid.length };
}

function RowList({ title, lines }: { title: string; lines: string[] }) {
  const id = useId();
  if (lines.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h3" component="h3" id={id}>
        {title}
      </Typography>
      <List dense aria-labelledby={id} sx={{ maxHeight: 200, overflowY: 'auto' }}>
        {lines.map((line) => (
          <ListItem key={line} disableGutters>
            {line}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** A checked bulk file as sent: its text, and its name for the progress (issue 56). */
export interface BulkCsvInput {
  csv: string;
  name: string;
}

/** The progress scope of a bulk file's upload: one bulk dialog is open at a time. */
export const BULK_UPLOAD_SCOPE = 'bulk-csv';

/** Sends a bulk file's text ({csv}) with its progress. */
export function uploadBulkCsv<T>(path: string, { csv, name }: BulkCsvInput): Promise<T> {
  return apiUpload<T>(path, { csv }, { name, scope: BULK_UPLOAD_SCOPE });
}

/** The texts of one kind of bulk file (companies, employees). */
export interface BulkUploadTexts {
  title: string;
  help: string;
  uploading: string;
  ready: (count: number) => string;
  created: (count: number) => string;
  noneAdded: string;
}

interface BulkUploadDialogProps {
  open: boolean;
  onClose: () => void;
  texts: BulkUploadTexts;
  sample: { name: string; csv: string };
  check: BulkRowsCheck;
  /** The upload mutation (TanStack Query): its state is the dialog's. */
  upload: {
    mutate: (input: BulkCsvInput) => void;
    reset: () => void;
    isPending: boolean;
    data: BulkUploadReport | undefined;
  };
}

/**
 * A bulk account upload: the sample file, the file chooser, a check of the header and rows (the
 * domain's rules, as the server applies them), a progress bar while the server creates the
 * accounts, then its report row by row.
 */
export function BulkUploadDialog({
  open,
  onClose,
  texts,
  sample,
  check,
  upload,
}: BulkUploadDialogProps) {
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState<CheckedBulkFile | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same (corrected) file again still fires a change.
    event.target.value = '';
    if (!file) return;
    upload.reset();
    setChecked(await checkBulkCsvFile(file, check));
  };

  const busy = upload.isPending;
  const report = upload.data;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{texts.help}</DialogContentText>
        <Link
          component="button"
          type="button"
          onClick={() => downloadCsv(sample.name, sample.csv)}
          sx={{ mt: 1 }}
        >
          {t.bulkSample}
        </Link>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            onChange={(event) => void onFile(event)}
            data-testid="bulk-file-input"
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            {t.bulkChoose}
          </Button>
          {checked && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {checked.name}
            </Typography>
          )}
        </Box>
        {checked && !checked.ok && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {checked.message}
          </Alert>
        )}
        {checked?.ok && !report && !busy && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {texts.ready(checked.ready)}
          </Alert>
        )}
        {busy && (
          <Box sx={{ mt: 3 }}>
            <UploadProgress scope={BULK_UPLOAD_SCOPE} sx={{ mb: 2 }} />
            <Typography variant="body2" sx={{ mb: 1 }} id={`${titleId}-progress`}>
              {texts.uploading}
            </Typography>
            <LinearProgress aria-labelledby={`${titleId}-progress`} />
          </Box>
        )}
        {report && (
          <Box>
            <Alert severity={report.createdCount > 0 ? 'success' : 'warning'} sx={{ mt: 2 }}>
              {report.createdCount > 0
                ? `${texts.created(report.createdCount)}, ${t.bulkInvitations(report.invitationsSent)}.`
                : texts.noneAdded}
            </Alert>
            <RowList
              title={t.bulkSkipped}
              lines={report.skipped.map((r) => t.bulkRowLine(r.row, r.field, r.reason))}
            />
            <RowList
              title={t.bulkInvalid}
              lines={report.invalid.map((r) => t.bulkRowLine(r.row, r.field, r.message))}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {report ? t.bulkClose : t.cancel}
        </Button>
        {!report && (
          <Button
            variant="contained"
            disabled={!checked?.ok}
            loading={busy}
            onClick={() => {
              if (checked?.ok) upload.mutate({ csv: checked.text, name: checked.name });
            }}
          >
            {t.bulkUpload}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
