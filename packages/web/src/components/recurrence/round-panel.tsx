import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { recurrenceMessages } from '@palisade/domain/recurrence/recurrence.messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { ResponseStatus } from '@palisade/domain/statuses';
import { formatDate } from '../../lib/dates';
import { unconfirmedOf } from './carry-marks';
import { useCarryOver, useConfirmCarried, useResponseRound } from './recurrence-api';

const s = recurrenceMessages.screens;

/** The unconfirmed carried answers of a response (the submit confirmation counts them). */
export function useUnconfirmedCount(response: ResponseReply | undefined): number {
  const round = useResponseRound(response?._id ?? null);
  return response ? unconfirmedOf(round.data, response).length : 0;
}

/**
 * The round of a contractor's response (issue 58), above its categories: "Round 2 · Q3 2027, due
 * …"; while nothing is answered, the offer to carry the previous round's answers over; then how
 * many carried answers are still to confirm or change, and Confirm all unchanged. Nothing for a
 * response of an assessment that does not recur.
 */
export function RoundPanel({ response }: { response: ResponseReply }) {
  const round = useResponseRound(response._id);
  const carry = useCarryOver();
  const confirm = useConfirmCarried();
  const data = round.data;
  if (!data || data.roundLabel === null) return null;
  const pending = unconfirmedOf(data, response);
  const open = response.status === ResponseStatus.PENDING;
  return (
    <Card sx={{ mb: 2 }} component="section" aria-label={s.round}>
      <CardContent sx={{ display: 'grid', gap: 1.5, p: { xs: 2, sm: 3 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {s.roundOf(data.roundNumber, data.roundLabel)}
          {data.dueDate ? ` · ${s.due(formatDate(data.dueDate))}` : ''}
        </Typography>
        {data.canCarryOver && (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" variant="outlined" loading={carry.isPending} onClick={() => carry.mutate({ responseId: response._id })}>
                {s.carryButton}
              </Button>
            }
          >
            <Typography component="p" variant="body2" sx={{ fontWeight: 600 }}>
              {s.carryTitle(data.previousRoundLabel ?? '')}
            </Typography>
            <Typography component="p" variant="body2">
              {s.carryBody}
            </Typography>
          </Alert>
        )}
        {open && pending.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <Typography role="status" variant="body2" color="warning.dark" sx={{ fontWeight: 600 }}>
              {s.unconfirmedCount(pending.length)}
            </Typography>
            <Button
              size="small"
              variant="contained"
              loading={confirm.isPending}
              onClick={() => confirm.mutate({ responseId: response._id, questionIds: pending.map((c) => c.questionId) })}
            >
              {s.confirmAll}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
