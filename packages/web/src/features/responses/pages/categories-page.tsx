import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router';
import { navMessages } from '@palisade/domain/messages/nav';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { canSubmit, submitSummary } from '@palisade/domain/responses/response.rules';
import { ResponseStatus } from '@palisade/domain/statuses';
import { EmptyState } from '../../../components/empty-state';
import { Page, type Crumb } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { useResponse } from '../api/get-response';
import { useSubmitResponse } from '../api/submit-response';
import { CategoryRows } from '../components/category-rows';
import { ResponseSummary } from '../components/response-summary';
import { ResponseLoadError } from '../components/response-load-error';
import { SubmitConfirmDialog } from '../components/submit-confirm-dialog';
import { ASSESSMENT_LIST_PATH } from '../paths';
import { PageSkeleton } from '../../../components/page-skeleton';
import { RoundPanel, useUnconfirmedCount } from '../../../components/recurrence/round-panel';
import { recurrenceMessages } from '@palisade/domain/recurrence/recurrence.messages';

const t = responseScreensMessages;
/** The page's name, in the screens' language (read when shown: issue 60). */
const title = () => webMessages.titles.categories;
const crumbs = (): readonly Crumb[] => [
  { label: navMessages.assessment, to: ASSESSMENT_LIST_PATH },
  { label: title() },
];

/**
 * /atgl/Contractor/assessment/{responseId}/categories: the sections of one response and Submit.
 * Submit is enabled unless the response is SUBMITTED or COMPLETED or any question is UNANSWERED
 * (spec §4); it asks first, with a summary of what is sent. After it the contractor goes to the
 * list only when the prior status was SUBMITTED or COMPLETED (spec §4), else stays here, read-only.
 */
export function CategoriesPage() {
  const { responseId = '' } = useParams();
  const profile = useProfile();
  const navigate = useNavigate();
  const query = useResponse(responseId);
  const submit = useSubmitResponse();
  const [confirming, setConfirming] = useState(false);
  const [justSubmitted, setJustSubmitted] = useState(false);
  // One call per opening of the confirmation, marked at once (isPending only changes at the next
  // render): a double click sent two calls, and only the second's callbacks ran, so the dialog
  // stayed open beside "already submitted"; the second click may even land after the first
  // reply, on the closing dialog (issue 56). A failed call frees it for another try.
  const sending = useRef(false);
  const openConfirm = () => {
    sending.current = false;
    setConfirming(true);
  };
  const response = query.data;
  // Carried-over answers still to confirm (issue 58): the confirmation counts them.
  const unconfirmed = useUnconfirmedCount(response);

  if (!response) {
    return (
      <Page title={title()} breadcrumbs={crumbs()}>
        {query.isError ? (
          <ResponseLoadError
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
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
    if (sending.current) return;
    sending.current = true;
    const prior = response.status;
    submit.mutate(
      {
        responseId: response._id,
        updatedBy: { name: profile.name, userType: profile.type, uid: profile._id },
        companyId: response.companyId,
        assessmentId: response.assessmentId,
      },
      {
        onError: () => {
          sending.current = false;
        },
        onSuccess: () => {
          setConfirming(false);
          // Spec §4: to the list only when the prior status was SUBMITTED or COMPLETED; else
          // the contractor stays on this page, now read-only.
          if (prior === ResponseStatus.SUBMITTED || prior === ResponseStatus.COMPLETED) {
            void navigate(ASSESSMENT_LIST_PATH);
          } else {
            setJustSubmitted(true);
          }
        },
      },
    );
  };

  return (
    <Page title={title()} heading={response.assessment.name} breadcrumbs={crumbs()}>
      {justSubmitted && closed && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t.readOnlyNow}
        </Alert>
      )}
      <ResponseSummary response={response} />
      <RoundPanel response={response} />
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
          onClick={openConfirm}
          disabled={!submittable}
          loading={submit.isPending}
          aria-describedby={!closed && !submittable ? 'submit-help' : undefined}
          sx={{ minWidth: 140 }}
        >
          {t.submit}
        </Button>
      </Box>
      <SubmitConfirmDialog
        open={confirming}
        status={response.status}
        summary={submitSummary(questions)}
        extraLines={unconfirmed > 0 ? [recurrenceMessages.screens.submitUnconfirmed(unconfirmed)] : []}
        loading={submit.isPending}
        onConfirm={onSubmit}
        onCancel={() => setConfirming(false)}
      />
    </Page>
  );
}
