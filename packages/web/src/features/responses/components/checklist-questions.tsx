import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useWatch, type Control } from 'react-hook-form';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import type {
  ResponseQuestionReply,
  UploadAttachmentReply,
} from '@palisade/domain/responses/response.schema';
import { AssessStatus } from '@palisade/domain/statuses';
import type { ChecklistForm } from '../checklist-form';
import { AnswerInput } from './answer-input';
import { UploadProgress } from '../../../components/upload-progress';
import { attachmentUploadScope } from '../api/upload-attachment';
import { QuestionActions } from './question-actions';
import { AuditorFilesView } from './auditor-files';
import { StatusMark } from './status-mark';
import { QuestionCardHead, QuestionCardList } from './question-card-parts';
import { JudgementHistory } from './judgement-history';
import { SaveStateNote } from './save-state';
import type { SaveState } from '../use-answer-autosave';

const t = responseScreensMessages;

export interface QuestionRowModel {
  question: ResponseQuestionReply;
  index: number;
  editable: boolean;
}

interface ChecklistQuestionsProps {
  rows: readonly QuestionRowModel[];
  control: Control<ChecklistForm>;
  responseId: string;
  sectionId: string;
  onUploaded: (index: number, file: UploadAttachmentReply) => void;
  onDelete: (index: number, file: FileRecord) => void;
  /** Autosave (issue 18): each question's save state, its retry, and the queue its uploads join. */
  saveStates?: Readonly<Record<string, SaveState>>;
  onRetry?: (index: number) => void;
  queue?: (questionId: string, task: () => Promise<void>) => Promise<void>;
  /** Shown under a question's answer (issue 58: its carried-over mark). */
  questionExtra?: (question: ResponseQuestionReply, editable: boolean) => ReactNode;
}

/** The four parts of one question, laid out by the caller as table cells or as a card. */
function useQuestionParts(
  row: QuestionRowModel,
  props: Omit<ChecklistQuestionsProps, 'rows'>,
): Record<'status' | 'topic' | 'response' | 'confirmation', ReactNode> {
  const labelId = useId();
  const { question, index, editable } = row;
  // Only this row re-renders when its files change (typing elsewhere re-renders no row).
  const files = useWatch({ control: props.control, name: `answers.${index}.attachment` });
  const saved = new Set(question.answer.attachment.map((f) => f.filePath));
  return {
    status: <StatusMark assessStatus={question.assessStatus} />,
    topic: (
      <Box sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
        <Typography
          component="span"
          color="text.secondary"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {`${index + 1}.`}
        </Typography>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={labelId} sx={{ overflowWrap: 'anywhere' }}>
            {question.question.questText}
          </Typography>
          {question.remarks && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {`${t.remarks}: ${question.remarks}`}
            </Typography>
          )}
          {editable && question.reopenedVersion !== null && (
            <Typography variant="body2" color="text.primary" sx={{ mt: 0.5, fontStyle: 'italic' }}>
              {t.reopenedNote}
            </Typography>
          )}
          <JudgementHistory number={index + 1} history={question.history} />
        </Box>
      </Box>
    ),
    response: (
      <Box>
        <AnswerInput
          question={question}
          index={index}
          control={props.control}
          editable={editable}
          labelId={labelId}
        />
        <UploadProgress
          scope={attachmentUploadScope(props.responseId, question._id)}
          sx={{ mt: 1 }}
        />
        {editable && props.saveStates && (
          <SaveStateNote
            number={index + 1}
            state={props.saveStates[question._id]}
            onRetry={() => props.onRetry?.(index)}
          />
        )}
        {props.questionExtra?.(question, editable)}
      </Box>
    ),
    confirmation: (
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
        <QuestionActions
          number={index + 1}
          responseId={props.responseId}
          sectionId={props.sectionId}
          questionId={question._id}
          questionText={question.question.questText}
          files={files}
          savedPaths={saved}
          editable={editable}
          onUploaded={(file) => props.onUploaded(index, file)}
          queue={props.queue ? (task) => props.queue?.(question._id, task) ?? task() : undefined}
          onDelete={(file) => props.onDelete(index, file)}
        />
        <AuditorFilesView number={index + 1} files={question.auditorAttachments} />
      </Box>
    ),
  };
}

function rejectedTint(question: ResponseQuestionReply) {
  return question.assessStatus === AssessStatus.REJECTED
    ? { bgcolor: (theme: Theme) => alpha(theme.palette.error.main, 0.05) }
    : undefined;
}

function QuestionTableRow({
  row,
  ...props
}: { row: QuestionRowModel } & Omit<ChecklistQuestionsProps, 'rows'>) {
  const parts = useQuestionParts(row, props);
  return (
    <TableRow
      data-question={row.question.question.questText}
      sx={{ verticalAlign: 'top', ...rejectedTint(row.question) }}
    >
      <TableCell sx={{ pt: 2.5 }}>{parts.status}</TableCell>
      <TableCell sx={{ pt: 2.5 }}>{parts.topic}</TableCell>
      <TableCell>{parts.response}</TableCell>
      <TableCell>{parts.confirmation}</TableCell>
    </TableRow>
  );
}

function QuestionCard({
  row,
  ...props
}: { row: QuestionRowModel } & Omit<ChecklistQuestionsProps, 'rows'>) {
  const parts = useQuestionParts(row, props);
  return (
    <Card
      component="li"
      data-question={row.question.question.questText}
      sx={rejectedTint(row.question)}
    >
      <CardContent sx={{ display: 'grid', gap: 1.5, p: 2, '&:last-child': { pb: 1 } }}>
        <QuestionCardHead topic={parts.topic} status={parts.status} />
        {parts.response}
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            borderTop: 1,
            borderColor: 'divider',
            pt: 0.5,
          }}
        >
          {parts.confirmation}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The questions of the checklist: a table with Status, Topic, Response and Confirmation on wide
 * screens (spec §2), one card per question on phones, so the page never scrolls sideways.
 */
export function ChecklistQuestions({ rows, ...props }: ChecklistQuestionsProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  if (!wide) {
    return (
      <QuestionCardList label={t.checklistTable} gap={2}>
        {rows.map((row) => (
          <QuestionCard key={row.question._id} row={row} {...props} />
        ))}
      </QuestionCardList>
    );
  }
  return (
    <Card>
      <TableContainer>
        <Table aria-label={t.checklistTable}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, width: 88 }}>{t.columnStatus}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: '38%' }}>{t.columnTopic}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t.columnResponse}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 168 }}>{t.columnConfirmation}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <QuestionTableRow key={row.question._id} row={row} {...props} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
