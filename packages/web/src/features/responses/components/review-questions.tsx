import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { REMARKS_MAX_LENGTH } from '@palisade/domain/constants';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import type { ResponseQuestionReply } from '@palisade/domain/responses/response.schema';
import { AssessStatus } from '@palisade/domain/statuses';
import type { ReviewForm } from '../review-form';
import { AnswerView } from './answer-view';
import { AuditorFileActions } from './auditor-files';
import { JudgementHistory } from './judgement-history';
import { ReadonlyQuestionActions } from './question-actions';
import { StatusMark } from './status-mark';
import { LabelledPart, QuestionCardHead, QuestionCardList } from './question-card-parts';

const t = responseScreensMessages;
const r = reviewScreensMessages;

interface ReviewQuestionsProps {
  questions: readonly ResponseQuestionReply[];
  control: Control<ReviewForm>;
  responseId: string;
  sectionId: string;
  /** False once the response is COMPLETED: everything is shown, nothing changes. */
  editable: boolean;
  /** The signed-in auditor (its own files may be deleted). */
  userId: string;
  /** Shown under a question's answer (issue 58: the previous round's answer beside it). */
  questionExtra?: (question: ResponseQuestionReply) => ReactNode;
}

/** The parts of one question, laid out by the caller as table cells or as a card. */
function useReviewParts(
  question: ResponseQuestionReply,
  index: number,
  props: Omit<ReviewQuestionsProps, 'questions'>,
): Record<'status' | 'topic' | 'answer' | 'judgement' | 'remarks', ReactNode> & {
  judged: AssessStatus;
} {
  const labelId = useId();
  const n = index + 1;
  const judged = useWatch({ control: props.control, name: `judgements.${index}.assessStatus` });
  return {
    judged,
    status: <StatusMark assessStatus={judged} />,
    topic: (
      <Box sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
        <Typography
          component="span"
          color="text.secondary"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {`${n}.`}
        </Typography>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={labelId} sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {question.question.questText}
          </Typography>
          <JudgementHistory number={n} history={question.history} />
        </Box>
      </Box>
    ),
    answer: (
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <AnswerView question={question} />
        <ReadonlyQuestionActions
          number={n}
          responseId={props.responseId}
          sectionId={props.sectionId}
          questionId={question._id}
          questionText={question.question.questText}
          files={question.answer.attachment}
        />
        {props.questionExtra?.(question)}
      </Box>
    ),
    judgement: (
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
        <Controller
          control={props.control}
          name={`judgements.${index}.assessStatus`}
          render={({ field }) => (
            <RadioGroup
              ref={field.ref}
              name={field.name}
              value={field.value === AssessStatus.NONE ? '' : field.value}
              onChange={(_event, value) => field.onChange(value)}
              onBlur={field.onBlur}
              aria-label={r.judgementOf(n)}
              sx={{ flexWrap: 'nowrap' }}
            >
              <FormControlLabel
                value={AssessStatus.ACCEPTED}
                control={<Radio size="small" color="success" />}
                label={r.accept}
                disabled={!props.editable}
              />
              <FormControlLabel
                value={AssessStatus.REJECTED}
                control={<Radio size="small" color="error" />}
                label={r.reject}
                disabled={!props.editable}
              />
            </RadioGroup>
          )}
        />
        <AuditorFileActions
          number={n}
          responseId={props.responseId}
          questionId={question._id}
          files={question.auditorAttachments}
          editable={props.editable}
          userId={props.userId}
        />
      </Box>
    ),
    remarks: (
      <Controller
        control={props.control}
        name={`judgements.${index}.remarks`}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            size="small"
            margin="none"
            multiline
            minRows={2}
            fullWidth
            slotProps={{
              htmlInput: {
                'aria-label': r.remarksOf(n),
                maxLength: REMARKS_MAX_LENGTH,
                readOnly: !props.editable,
              },
            }}
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          />
        )}
      />
    ),
  };
}

function tint(judged: AssessStatus) {
  return judged === AssessStatus.REJECTED
    ? { bgcolor: (theme: Theme) => alpha(theme.palette.error.main, 0.05) }
    : undefined;
}

function ReviewRow({
  question,
  index,
  ...props
}: { question: ResponseQuestionReply; index: number } & Omit<ReviewQuestionsProps, 'questions'>) {
  const parts = useReviewParts(question, index, props);
  return (
    <TableRow
      data-question={question.question.questText}
      sx={{ verticalAlign: 'top', ...tint(parts.judged) }}
    >
      <TableCell sx={{ pt: 2.5 }}>{parts.status}</TableCell>
      <TableCell sx={{ pt: 2.5 }}>{parts.topic}</TableCell>
      <TableCell sx={{ pt: 2.5 }}>{parts.answer}</TableCell>
      <TableCell>{parts.judgement}</TableCell>
      <TableCell>{parts.remarks}</TableCell>
    </TableRow>
  );
}

function ReviewCard({
  question,
  index,
  ...props
}: { question: ResponseQuestionReply; index: number } & Omit<ReviewQuestionsProps, 'questions'>) {
  const parts = useReviewParts(question, index, props);
  return (
    <Card component="li" data-question={question.question.questText} sx={tint(parts.judged)}>
      <CardContent sx={{ display: 'grid', gap: 1.5, p: 2 }}>
        <QuestionCardHead topic={parts.topic} status={parts.status} />
        <LabelledPart label={r.columnCompanyResponse}>{parts.answer}</LabelledPart>
        <LabelledPart label={r.columnYourResponse}>{parts.judgement}</LabelledPart>
        <LabelledPart label={r.columnRemarks}>{parts.remarks}</LabelledPart>
      </CardContent>
    </Card>
  );
}

/**
 * The auditor's checklist (spec §2.5): Status, Topic, Company Response (read-only, with its files
 * and the chat), Your Response (Accept / Reject) and Remarks; a table on wide screens, one card
 * per question on phones.
 */
export function ReviewQuestions({ questions, ...props }: ReviewQuestionsProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  if (!wide) {
    return (
      <QuestionCardList label={t.checklistTable} gap={2}>
        {questions.map((q, i) => (
          <ReviewCard key={q._id} question={q} index={i} {...props} />
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
              <TableCell sx={{ fontWeight: 600, width: 72 }}>{t.columnStatus}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: '28%' }}>{t.columnTopic}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: '26%' }}>
                {r.columnCompanyResponse}
              </TableCell>
              <TableCell sx={{ fontWeight: 600, width: 140 }}>{r.columnYourResponse}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{r.columnRemarks}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {questions.map((q, i) => (
              <ReviewRow key={q._id} question={q} index={i} {...props} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
