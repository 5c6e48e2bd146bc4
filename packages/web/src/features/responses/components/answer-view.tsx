import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import type { ResponseQuestionReply } from '@palisade/domain/responses/response.schema';
import { AnswerType } from '@palisade/domain/statuses';

const t = responseScreensMessages;
const r = reviewScreensMessages;

/** The contractor's answer as words, by the question's type; null when there is none. */
export function answerText(
  question: Pick<ResponseQuestionReply, 'questType' | 'answer'>,
): string | null {
  const { answerType, options } = question.questType;
  const { yesNo, text, value } = question.answer;
  switch (answerType) {
    case AnswerType.SHORT_ANSWER:
    case AnswerType.LONG_ANSWER:
      return text && text.trim() !== '' ? text : null;
    case AnswerType.NUMERIC:
      return typeof value === 'number' ? String(value) : null;
    case AnswerType.YES_NO:
      return yesNo === 'YES' ? t.yes : yesNo === 'NO' ? t.no : null;
    case AnswerType.MULTI_CHOICE:
      return typeof value === 'string' && value !== '' ? value : null;
    case AnswerType.CHECKBOX:
      if (options.length === 0) return value === true ? t.yes : value === false ? t.no : null;
      return Array.isArray(value) && value.length > 0 ? value.join(', ') : null;
  }
}

/**
 * The Company Response column (spec §2.5): the contractor's answer, read-only. Long answers keep
 * their line breaks; several ticked choices are a list.
 */
export function AnswerView({ question }: { question: ResponseQuestionReply }) {
  const { answerType, options } = question.questType;
  const value = question.answer.value;
  if (
    answerType === AnswerType.CHECKBOX &&
    options.length > 0 &&
    Array.isArray(value) &&
    value.length > 0
  ) {
    return (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-answer-type={answerType}>
        {value.map((choice) => (
          <Typography component="li" variant="body2" key={choice} sx={{ overflowWrap: 'anywhere' }}>
            {choice}
          </Typography>
        ))}
      </Box>
    );
  }
  const text = answerText(question);
  return (
    <Typography
      variant="body2"
      data-answer-type={answerType}
      color={text === null ? 'text.secondary' : 'text.primary'}
      sx={{
        whiteSpace: answerType === AnswerType.LONG_ANSWER ? 'pre-wrap' : undefined,
        overflowWrap: 'anywhere',
        fontStyle: text === null ? 'italic' : undefined,
      }}
    >
      {text ?? r.notAnswered}
    </Typography>
  );
}
