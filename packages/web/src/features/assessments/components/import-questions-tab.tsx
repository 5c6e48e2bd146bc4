import { useId, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { BULK_QUESTIONS_MAX } from '@palisade/domain/constants';
import {
  planQuestionImport,
  questionsFromCsv,
  QUESTIONS_SAMPLE_CSV,
  type QuestionImportRow,
} from '@palisade/domain/assessments/question.rules';
import { csvFileProblem } from '@palisade/domain/users/bulk.rules';
import type { BulkQuestionSkip, Question } from '@palisade/domain/assessments/question.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { downloadCsv } from '../../../components/csv-file';
import { useCreateBulkQuestions } from '../api/create-bulk-questions';

const t = assessmentScreensMessages;
/** A question file is text, one question a row: 1 MB is far beyond the 1000 rows allowed. */
const MAX_CSV_BYTES = 1024 * 1024;

/** What the chosen file holds: the rows to create and the rows skipped, numbered as in the file. */
export type ImportPlan =
  | { fileName: string; ok: false; message: string }
  | { fileName: string; ok: true; create: QuestionImportRow[]; skipped: BulkQuestionSkip[] };

/**
 * Reads a chosen CSV file: the first cell of every row, then the import rule of the domain (spec
 * §4: empty rows and questions that already exist are skipped, as are repeats and invalid texts).
 */
export async function planImport(file: File, bank: readonly Question[]): Promise<ImportPlan> {
  if (file.size > MAX_CSV_BYTES)
    return { fileName: file.name, ok: false, message: t.importFileTooLarge };
  const text = await file.text();
  const notCsv = csvFileProblem(file.name, text.slice(0, 4096));
  if (notCsv) return { fileName: file.name, ok: false, message: notCsv };
  const texts = questionsFromCsv(text);
  const existing = new Set(bank.map((q) => q.questText.toLowerCase()));
  const { create, skipped } = planQuestionImport(texts, existing);
  if (create.length > BULK_QUESTIONS_MAX) {
    return { fileName: file.name, ok: false, message: assessmentMessages.bulkQuestionsTooMany };
  }
  return { fileName: file.name, ok: true, create, skipped };
}

function SkippedRows({ rows }: { rows: readonly BulkQuestionSkip[] }) {
  const id = useId();
  if (rows.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h3" component="h3" id={id}>
        {t.importSkipped}
      </Typography>
      <List dense aria-labelledby={id} sx={{ maxHeight: 200, overflowY: 'auto' }}>
        {rows.map((r) => (
          <ListItem key={r.row} disableGutters sx={{ overflowWrap: 'anywhere' }}>
            {t.importRowLine(r.row, r.questText, r.reason)}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

interface ImportQuestionsTabProps {
  companyId: string;
  bank: readonly Question[];
  /** The questions the import created. */
  onImported: (created: Question[]) => void;
}

/**
 * Import Questions (CSV): the sample file, the file chooser, what the file will create and skip,
 * then Import and the server's report. The server applies the same rule again.
 */
export function ImportQuestionsTab({ companyId, bank, onImported }: ImportQuestionsTabProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useCreateBulkQuestions(companyId);
  const [plan, setPlan] = useState<ImportPlan | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same (corrected) file again still fires a change.
    event.target.value = '';
    if (!file) return;
    upload.reset();
    setPlan(await planImport(file, bank));
  };

  const onImport = () => {
    if (!plan?.ok || plan.create.length === 0) return;
    const sent = plan.create;
    upload.mutate(
      { questionsData: sent.map((r) => ({ companyId, questText: r.questText })) },
      {
        onSuccess: (report) => {
          // The server numbers its rows in the order sent: back to the rows of the file.
          const late = report.skipped.map((s) => ({ ...s, row: sent[s.row - 1]?.row ?? s.row }));
          setPlan({
            ...plan,
            create: [],
            skipped: [...plan.skipped, ...late].sort((a, b) => a.row - b.row),
          });
          onImported(report.created);
        },
      },
    );
  };

  const report = upload.data;
  const busy = upload.isPending;

  return (
    <Box>
      <Typography>{t.importHelp}</Typography>
      <Link
        component="button"
        type="button"
        onClick={() => downloadCsv(t.sampleFileName, QUESTIONS_SAMPLE_CSV)}
        sx={{ mt: 1 }}
      >
        {t.sampleCsv}
      </Link>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(event) => void onFile(event)}
          data-testid="questions-file-input"
        />
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          onClick={() => input.current?.click()}
          disabled={busy}
        >
          {t.chooseCsv}
        </Button>
        {plan && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {plan.fileName}
          </Typography>
        )}
      </Box>
      {plan && !plan.ok && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {plan.message}
        </Alert>
      )}
      {plan?.ok && !report && (
        <Alert severity={plan.create.length > 0 ? 'info' : 'warning'} sx={{ mt: 2 }}>
          {plan.create.length > 0
            ? t.importReady(plan.create.length)
            : assessmentMessages.noQuestionsImported}
        </Alert>
      )}
      {report && (
        <Alert severity={report.createdCount > 0 ? 'success' : 'warning'} sx={{ mt: 2 }}>
          {report.createdCount > 0
            ? `${t.importCreated(report.createdCount)}. ${t.importSelectHint}`
            : assessmentMessages.noQuestionsImported}
        </Alert>
      )}
      {plan?.ok && <SkippedRows rows={plan.skipped} />}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          variant="contained"
          onClick={onImport}
          loading={busy}
          disabled={!plan?.ok || plan.create.length === 0}
        >
          {busy ? t.importing : t.import}
        </Button>
      </Box>
    </Box>
  );
}
