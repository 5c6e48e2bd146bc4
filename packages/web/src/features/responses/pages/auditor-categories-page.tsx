import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { navMessages } from '@palisade/domain/messages/nav';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { canMarkCompleted, canMarkReassessment } from '@palisade/domain/responses/response.rules';
import { ResponseStatus } from '@palisade/domain/statuses';
import { EmptyState } from '../../../components/empty-state';
import { Page, type Crumb } from '../../../components/page';
import { useChangeReviewStatus } from '../api/change-response-status';
import { useResponse } from '../api/get-response';
import { CategoryRows } from '../components/category-rows';
import { ReassessmentDialog } from '../components/reassessment-dialog';
import { ReviewSummary } from '../components/review-summary';
import { auditorPaths } from '../paths';
import { PageSkeleton } from '../../../components/page-skeleton';

const t = responseScreensMessages;
const r = reviewScreensMessages;
/** The page's name, in the screens' language (read when shown: issue 60). */
const title = () => webMessages.titles.categories;
const crumbs = (): readonly Crumb[] => [
  { label: navMessages.assessment, to: auditorPaths.list },
  { label: title() },
];

/**
 * /auditor/assessment/{responseId}/categories: the sections of one response with the share of
 * judged questions, and Mark for Reassessment and Mark as Completed, each enabled by its rule
 * (spec §4). After a change the response is refetched and "Changed assessment status to
 * {Status}" shows; after Completed the auditor goes to the list. The categories' checklists open
 * in every status but PENDING, whose draft is the contractor's own (DECISIONS.md States: links
 * disabled; the summary says why); judging stays SUBMITTED-only on the checklist.
 */
export function AuditorCategoriesPage() {
  const { responseId = '' } = useParams();
  const navigate = useNavigate();
  const query = useResponse(responseId);
  const change = useChangeReviewStatus();
  const [asking, setAsking] = useState(false);
  const response = query.data;

  if (!response) {
    return (
      <Page title={title()} breadcrumbs={crumbs()}>
        {query.isError ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <EmptyState text={t.notFound} />
            <Button component={RouterLink} to={auditorPaths.list}>
              {t.backToList}
            </Button>
          </Box>
        ) : (
          <PageSkeleton summaryHeight={160} rows={4} rowHeight={48} />
        )}
      </Page>
    );
  }

  const sections = response.sections ?? [];
  const questions = sections.flatMap((s) => s.questions);
  const reassessable = canMarkReassessment(response.status, questions);
  const completable = canMarkCompleted(response.status, questions);
  const open = response.status === ResponseStatus.SUBMITTED;

  const reassess = (extendedDueDate?: string) => {
    change.mutate(
      extendedDueDate
        ? { responseId: response._id, status: ResponseStatus.REASSESSMENT, extendedDueDate }
        : { responseId: response._id, status: ResponseStatus.REASSESSMENT },
      {
        onSuccess: () => {
          setAsking(false);
          void query.refetch();
        },
      },
    );
  };
  const complete = () => {
    change.mutate(
      { responseId: response._id, status: ResponseStatus.COMPLETED },
      { onSuccess: () => void navigate(auditorPaths.list) },
    );
  };
  const pending = change.isPending ? change.variables.status : null;

  return (
    <Page title={title()} heading={response.assessment.name} breadcrumbs={crumbs()}>
      <ReviewSummary response={response} />
      {sections.length === 0 ? (
        <EmptyState />
      ) : (
        <CategoryRows
          responseId={response._id}
          sections={sections}
          reading="judged"
          linkOf={auditorPaths.checklist}
          linksDisabled={response.status === ResponseStatus.PENDING}
        />
      )}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'flex-end',
          gap: 2,
          mt: 3,
        }}
      >
        {open && !reassessable && !completable && (
          <Box id="review-help" sx={{ flexBasis: '100%', textAlign: 'right' }}>
            <Typography variant="body2" color="text.secondary">
              {r.reassessHelp}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {r.completeHelp}
            </Typography>
          </Box>
        )}
        <Button
          variant="outlined"
          color="error"
          size="large"
          onClick={() => setAsking(true)}
          disabled={!reassessable || change.isPending}
          aria-describedby={open && !reassessable && !completable ? 'review-help' : undefined}
        >
          {r.markReassessment}
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={complete}
          disabled={!completable || (change.isPending && pending !== ResponseStatus.COMPLETED)}
          loading={pending === ResponseStatus.COMPLETED}
          aria-describedby={open && !reassessable && !completable ? 'review-help' : undefined}
        >
          {r.markCompleted}
        </Button>
      </Box>
      <ReassessmentDialog
        open={asking}
        dueDate={response.effectiveDueDate}
        loading={pending === ResponseStatus.REASSESSMENT}
        onConfirm={reassess}
        onClose={() => setAsking(false)}
      />
    </Page>
  );
}
