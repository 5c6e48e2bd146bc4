import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { ResponseStatus } from '@palisade/domain/statuses';
import { LabelledProgress } from '../../../components/labelled-progress';
import { ResponseStatusChip } from '../../../components/response-status-chip';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { DetailList } from './detail-list';

const t = responseScreensMessages;
const r = reviewScreensMessages;

/** What the auditor may do now, in words. */
export function reviewNote(status: ResponseReply['status']): string {
  switch (status) {
    case ResponseStatus.PENDING:
      return r.pendingNote;
    case ResponseStatus.REASSESSMENT:
      return r.reassessmentNote;
    case ResponseStatus.SUBMITTED:
      return r.submittedNote;
    case ResponseStatus.COMPLETED:
      return r.completedNote;
  }
}

/** The head of the auditor's categories page: status, company, dates, score, judged share. */
export function ReviewSummary({ response }: { response: ResponseReply }) {
  const { judged, totalQuestions } = response.counts;
  const judgedShare = totalQuestions === 0 ? 0 : (judged / totalQuestions) * 100;
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <ResponseStatusChip status={response.status} />
        </Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            gap: 2,
            alignItems: 'center',
          }}
        >
          <DetailList
            rows={[
              [r.company, response.contractorName],
              [t.dueDate, formatDate(response.effectiveDueDate)],
              [t.lastUpdated, formatDateTime(response.lastAccessTime)],
              [t.score, `${response.scored}/${response.total}`],
            ]}
          />
          <Box>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {r.judgedOf(judged, totalQuestions)}
            </Typography>
            <LabelledProgress
              value={judgedShare}
              label={t.progressOf(response.assessment.name)}
              color={judged === totalQuestions ? 'success' : 'primary'}
            />
          </Box>
        </Box>
        <Alert severity={response.status === ResponseStatus.SUBMITTED ? 'info' : 'warning'}>
          {reviewNote(response.status)}
        </Alert>
      </CardContent>
    </Card>
  );
}
