import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { coreMessages } from '@palisade/domain/messages-core';
import { navMessages } from '@palisade/domain/messages/nav';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { AnswerStatus, AssessStatus } from '@palisade/domain/statuses';
import { EmptyState } from '../../../components/empty-state';
import { LabelledProgress } from '../../../components/labelled-progress';
import { Page, type Crumb } from '../../../components/page';
import { ResponseStatusChip } from '../../../components/response-status-chip';
import { useResponse } from '../api/get-response';
import { ReadonlyQuestions, rowsOf } from '../components/readonly-questions';
import { organisationPaths } from '../paths';

const t = responseScreensMessages;
const r = reviewScreensMessages;
/** The page's name, in the screens' language (read when shown: issue 60). */
const title = () => webMessages.titles.checklist;

function crumbsOf(responseId: string): readonly Crumb[] {
  return [
    { label: navMessages.assessment, to: organisationPaths.list },
    { label: webMessages.titles.viewAssessment, to: organisationPaths.response(responseId) },
    { label: title() },
  ];
}

/**
 * /sapphire/Cap_AssesmentView/{responseId}/Categories/{categoryId}: the organisation's checklist
 * of one section, read-only (spec §2.5, §6): answers, judgements, remarks, files and the chat.
 * The organisation has nothing to save here; Back leads to Cap_AssesmentView.
 */
export function OrganisationChecklistPage() {
  const { responseId = '', categoryId = '' } = useParams();
  const query = useResponse(responseId);
  const response = query.data;
  const section = response?.sections?.find((s) => s.categoryId === categoryId);
  const crumbs = crumbsOf(responseId);

  if (!response || !section) {
    const missing = query.isError || (response !== undefined && !section);
    return (
      <Page title={title()} breadcrumbs={crumbs}>
        {missing ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <EmptyState text={query.isError ? t.notFound : t.sectionNotFound} />
            <Button
              component={RouterLink}
              to={query.isError ? organisationPaths.list : organisationPaths.response(responseId)}
            >
              {query.isError ? t.backToList : r.backToAssessment}
            </Button>
          </Box>
        ) : (
          <Box role="status" aria-label={coreMessages.common.loading}>
            <Skeleton variant="rounded" height={96} sx={{ mb: 3 }} />
            <Skeleton variant="rounded" height={240} />
          </Box>
        )}
      </Page>
    );
  }

  const total = section.questions.length;
  const answered = section.questions.filter((q) => q.answerStatus === AnswerStatus.ANSWERED).length;
  const accepted = section.questions.filter((q) => q.assessStatus === AssessStatus.ACCEPTED).length;

  return (
    <Page title={title()} heading={section.category.name} breadcrumbs={crumbs}>
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <ResponseStatusChip status={response.status} />
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {`${response.assessment.name} · ${response.contractorName}`}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {`${t.answeredOf(answered, total)} · ${r.acceptedOf(accepted, total)} · ${r.score}: ${
                section.scoredMarks === null ? r.notScored : `${section.scoredMarks}`
              } ${r.outOf(section.totalMarks)}`}
            </Typography>
            <LabelledProgress
              value={section.progress}
              label={t.progressOf(section.category.name)}
              color={section.complete ? 'success' : 'primary'}
            />
          </Box>
          <Alert severity="info">{r.readOnlyNote}</Alert>
        </CardContent>
      </Card>
      <ReadonlyQuestions responseId={response._id} rows={rowsOf([section])} showCategory={false} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button
          component={RouterLink}
          to={organisationPaths.response(response._id)}
          variant="contained"
        >
          {r.backToAssessment}
        </Button>
      </Box>
    </Page>
  );
}
