import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { isOverdue, isScoreFinal } from '@palisade/domain/responses/response.rules';
import { ResponseStatus } from '@palisade/domain/statuses';
import { LabelledProgress } from '../../../components/labelled-progress';
import { formatDate } from '../../../lib/dates';
import { useOrganisationToday } from '../../../lib/organisation-today';
import { ResponseStatusChip, STATUS_TONE } from '../../../components/response-status-chip';
import { DetailList } from './detail-list';

const t = responseScreensMessages;

/** What the contractor may still do, in words; null while it may answer freely (PENDING). */
export function statusNote(status: ResponseReply['status']): string | null {
  switch (status) {
    case ResponseStatus.PENDING:
      return null;
    case ResponseStatus.REASSESSMENT:
      return t.reassessmentNote;
    case ResponseStatus.SUBMITTED:
      return t.submittedNote;
    case ResponseStatus.COMPLETED:
      return t.completedNote;
  }
}

/** The head of the categories page: status, due date, overall progress and what may be done. */
export function ResponseSummary({ response }: { response: ResponseReply }) {
  const tone = STATUS_TONE[response.status];
  const overdue = isOverdue(response.effectiveDueDate, useOrganisationToday(), response.status);
  const note = statusNote(response.status);
  const { completeSections, totalSections } = response.counts;
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <ResponseStatusChip status={response.status} />
          {overdue && <Chip size="small" color="error" label={t.overdue} />}
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
              [t.dueDate, formatDate(response.effectiveDueDate)],
              [t.lastUpdated, formatDate(response.lastAccessTime)],
              [
                t.score,
                // Before the auditor's final score a partial sum (0/50, or the categories a
                // resubmitted response kept) would read as a failing score (issue 56).
                isScoreFinal(response.status)
                  ? `${response.scored}/${response.total}`
                  : t.notScoredYet,
              ],
            ]}
          />
          <Box>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {t.categoriesDone(completeSections, totalSections)}
            </Typography>
            <LabelledProgress
              value={response.progress}
              label={t.progressOf(response.assessment.name)}
              color={tone}
            />
          </Box>
        </Box>
        {note && (
          <Alert severity={response.status === ResponseStatus.REASSESSMENT ? 'warning' : 'info'}>
            {note}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
