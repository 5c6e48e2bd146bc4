import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CarriedQuestion, ResponseRoundReply } from '@palisade/domain/recurrence/recurrence.schema';
import { carryState, type CarryState } from '@palisade/domain/recurrence/recurrence.rules';
import { recurrenceMessages } from '@palisade/domain/recurrence/recurrence.messages';
import type { AnswerReply, ResponseQuestionReply, ResponseReply } from '@palisade/domain/responses/response.schema';
import { TintedChip, type PaletteTone } from '../tinted-chip';
import { useConfirmCarried, useResponseRound } from './recurrence-api';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';

const s = recurrenceMessages.screens;

const TONE: Record<CarryState, PaletteTone> = { CARRIED: 'warning', CONFIRMED: 'success', CHANGED: 'info' };
/** A state's chip text, read as the mark renders (in the user's language, issue 60). */
function stateLabel(state: CarryState): string {
  return { CARRIED: s.carriedChip, CONFIRMED: s.confirmedChip, CHANGED: s.changedChip }[state];
}

/** A carried answer's state now: the question's live version (after autosaves) decides CHANGED. */
export function liveState(carried: CarriedQuestion, version: number | undefined): CarryState {
  return carryState(carried.carriedVersion, version ?? carried.carriedVersion, carried.confirmed);
}

/** The carried answers still to confirm or change, by the response's live versions. */
export function unconfirmedOf(round: ResponseRoundReply | undefined, response: ResponseReply): CarriedQuestion[] {
  if (!round) return [];
  const versions = new Map((response.sections ?? []).flatMap((sec) => sec.questions.map((q) => [q._id, q.version] as const)));
  return round.carried.filter((c) => liveState(c, versions.get(c.questionId)) === 'CARRIED');
}

/** An answer as one line of text: its yes/no, text or value, and how many files. */
export function answerText(answer: AnswerReply): string {
  const value = Array.isArray(answer.value) ? answer.value.join(', ') : answer.value;
  const yesNo = answer.yesNo === 'YES' ? responseScreensMessages.yes : answer.yesNo === 'NO' ? responseScreensMessages.no : null;
  const main = yesNo ?? answer.text ?? (value === null || value === '' ? null : String(value));
  const parts = [main ?? s.noAnswer];
  if (answer.attachment.length > 0) parts.push(s.files(answer.attachment.length));
  return parts.join(' · ');
}

/**
 * The contractor's mark on a question whose answer was carried over from the previous round
 * (issue 58): Carried over (with Confirm), Confirmed, or Changed. Nothing for other questions.
 */
export function CarryMark({ responseId, question, editable }: { responseId: string; question: ResponseQuestionReply; editable: boolean }) {
  const round = useResponseRound(responseId);
  const confirm = useConfirmCarried();
  const carried = round.data?.carried.find((c) => c.questionId === question._id);
  if (!carried) return null;
  const state = liveState(carried, question.version);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
      <TintedChip tone={TONE[state]} label={stateLabel(state)} shrink={false} />
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {`${s.previousAnswer}: ${answerText(carried.previousAnswer)}`}
      </Typography>
      {state === 'CARRIED' && editable && (
        <Button
          size="small"
          variant="outlined"
          loading={confirm.isPending}
          onClick={() => confirm.mutate({ responseId, questionIds: [question._id] })}
          aria-label={`${s.confirm}: ${question.question.questText}`}
        >
          {s.confirm}
        </Button>
      )}
    </Box>
  );
}

/**
 * For the auditor and the organisation (issue 58): beside an answer, whether it was carried over
 * unchanged, or what the previous round answered when it changed since.
 */
export function PreviousRoundAnswer({ responseId, question }: { responseId: string; question: ResponseQuestionReply }) {
  const round = useResponseRound(responseId);
  if (!round.data || round.data.previousResponseId === null) return null;
  const changed = round.data.changedSinceLast.find((c) => c.questionId === question._id);
  const carried = round.data.carried.find((c) => c.questionId === question._id);
  if (changed) {
    return (
      <Box sx={{ mt: 1, p: 1, borderLeft: 3, borderColor: 'info.main', bgcolor: 'action.hover' }}>
        <TintedChip tone="info" label={s.changedSinceLast} shrink={false} />
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {`${s.previousAnswer}${round.data.previousRoundLabel ? ` (${round.data.previousRoundLabel})` : ''}: ${answerText(changed.previousAnswer)}`}
        </Typography>
      </Box>
    );
  }
  if (carried) {
    return (
      <Box sx={{ mt: 1 }}>
        <TintedChip tone="success" label={s.unchangedSinceLast} shrink={false} />
      </Box>
    );
  }
  return null;
}
