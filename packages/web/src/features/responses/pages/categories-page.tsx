import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { messages } from '@palisade/domain/messages';
import { canSubmit } from '@palisade/domain/responses/response.rules';
import { ResponseStatus } from '@palisade/domain/statuses';
import { EmptyState } from '../../../components/empty-state';
import { Page, type Crumb } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { useResponse } from '../api/get-response';
import { useSubmitResponse } from '../api/submit-response';
import { CategoryRows } from '../components/category-rows';
import { ResponseSummary } from '../components/response-summary';
import { ASSESSMENT_LIST_PATH } from '../paths';
import { PageSkeleton } from '../../../components/page-skeleton';

const t = messages.responseScreens;
const title = messages.web.titles.categories;
const crumbs: readonly Crumb[] = [
  { label: messages.nav.assessment, to: ASSESSMENT_LIST_PATH },
  { label: title },
];

/**
 * /atgl/Contractor/assessment/{responseId}/categories: the sections of one response and Submit.
 * Submit is enabled unless the response is SUBMITTED or COMPLETED or any question is UNANSWERED
 * (spec §4); after it the contractor goes back to the Assessment list.
 */
export function CategoriesPage() {
  const { responseId = '' } = useParams();
  const profile = useProfile();
  const navigate = useNavigate();
  const query = useResponse(responseId);
  const submit = useSubmitResponse();
  const response = query.data;

  if (!response) {
    return (
      <Page title={title} breadcrumbs={crumbs}>
        {query.isError ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <EmptyState text={t.notFound} />
            <Button component={RouterLink} to={ASSESSMENT_LIST_PATH}>
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
  const submittable = canSubmit(response.status, questions);
  const closed =
    response.status === ResponseStatus.SUBMITTED || response.status === ResponseStatus.COMPLETED;

  const onSubmit = () => {
    submit.mutate(
      {
        responseId: response._id,
        updatedBy: { name: profile.name, userType: profile.type, uid: profile._id },
        companyId: response.companyId,
        assessmentId: response.assessmentId,
      },
      {
        // Spec §4 goes back to the list when the prior status was SUBMITTED or COMPLETED, which
        // the enabled rule never lets through; after any successful submit the response is
        // read-only, so the list (where its card now says Submitted) is where the contractor goes.
        onSuccess: () => void navigate(ASSESSMENT_LIST_PATH),
      },
    );
  };

  return (
    <Page title={title} heading={response.assessment.name} breadcrumbs={crumbs}>
      <ResponseSummary response={response} />
      {sections.length === 0 ? (
        <EmptyState />
      ) : (
        <CategoryRows responseId={response._id} sections={sections} />
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
        {!closed && !submittable && (
          <Typography id="submit-help" variant="body2" color="text.secondary">
            {t.submitHelp}
          </Typography>
        )}
        <Button
          variant="contained"
          size="large"
          onClick={onSubmit}
          disabled={!submittable}
          loading={submit.isPending}
          aria-describedby={!closed && !submittable ? 'submit-help' : undefined}
          sx={{ minWidth: 140 }}
        >
          {t.submit}
        </Button>
      </Box>
    </Page>
  );
}
