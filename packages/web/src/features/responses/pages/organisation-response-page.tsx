import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router';
import { QUESTION_TABLE_PAGE_SIZES } from '@palisade/domain/constants';
import { navMessages } from '@palisade/domain/messages/nav';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { ResponseStatus } from '@palisade/domain/statuses';
import { EmptyState } from '../../../components/empty-state';
import { Page, type Crumb } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { useExportResponse } from '../api/export-response';
import { useResponse } from '../api/get-response';
import { AssignAuditorCard } from '../components/assign-auditor-card';
import { CategoryRows } from '../components/category-rows';
import { ReadonlyQuestions, rowsOf } from '../components/readonly-questions';
import { ResponseTimeline } from '../components/response-timeline';
import { ResponseHistoryCard } from '../../../components/audit/response-history-card';
import { ScoreCard } from '../components/score-card';
import { organisationPaths } from '../paths';
import { PageSkeleton } from '../../../components/page-skeleton';
import { DuplicateAssessmentButton } from '../../../components/templates/duplicate-assessment';
import { RecurrenceCard } from '../../../components/recurrence/recurrence-card';

const t = responseScreensMessages;
const r = reviewScreensMessages;
/** The page's name, in the screens' language (read when shown: issue 60). */
const title = () => webMessages.titles.viewAssessment;
const crumbsOf = (): readonly Crumb[] => [
  { label: navMessages.assessment, to: organisationPaths.list },
  { label: title() },
];

/**
 * The organisation's view of one response (spec §2.5, Cap_AssesmentView and the assessment
 * detail): the score card with its band, the categories (answered share) leading to their
 * read-only checklists, the timeline, and the questions table with its category filter and Edit
 * (to the chosen category's checklist; disabled while PENDING). Export To Excel is there only for
 * users with canExportAssessmentData.
 */
export function OrganisationResponseView({
  responseId,
  pageSizes,
}: {
  responseId: string;
  /** The questions table's page sizes (view_assessment: 5, 10, 20; the detail page: 10, 20, 30). */
  pageSizes?: readonly number[];
}) {
  const profile = useProfile();
  const query = useResponse(responseId);
  const response = query.data;
  const exporter = useExportResponse(response?.assessment.name ?? 'Assessment');
  const [categoryId, setCategoryId] = useState('');

  if (!response) {
    return (
      <Page title={title()} breadcrumbs={crumbsOf()}>
        {query.isError ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <EmptyState text={t.notFound} />
            <Button component={RouterLink} to={organisationPaths.list}>
              {t.backToList}
            </Button>
          </Box>
        ) : (
          <PageSkeleton summaryHeight={140} rows={4} rowHeight={48} />
        )}
      </Page>
    );
  }

  const sections = response.sections ?? [];
  const chosen = sections.find((s) => s.categoryId === categoryId) ?? null;
  const rows = rowsOf(chosen ? [chosen] : sections);
  const pending = response.status === ResponseStatus.PENDING;

  return (
    <Page
      title={title()}
      heading={response.assessment.name}
      breadcrumbs={crumbsOf()}
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {/* Issue 58: the next round of a check starts from a copy of its assessment. */}
          <DuplicateAssessmentButton source={response.assessment} />
          {profile.canExportAssessmentData && (
            <Button
              variant="contained"
              startIcon={<FileDownloadOutlined />}
              onClick={() => exporter.mutate(response._id)}
              loading={exporter.isPending}
            >
              {r.exportExcel}
            </Button>
          )}
        </Box>
      }
    >
      <ScoreCard response={response} />
      <AssignAuditorCard response={response} />
      {/* Issue 58: how the assessment recurs; its rounds. */}
      <RecurrenceCard assessmentId={response.assessmentId} canEdit />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gap: 3,
          alignItems: 'start',
          mb: 3,
        }}
      >
        {sections.length === 0 ? (
          <EmptyState />
        ) : (
          <CategoryRows
            responseId={response._id}
            sections={sections}
            linkOf={organisationPaths.checklist}
          />
        )}
        <ResponseTimeline entries={response.timeline ?? []} />
      </Box>
      <ResponseHistoryCard
        responseId={response._id}
        version={`${response.lastAccessTime}|${response.assignedAuditor?._id ?? ''}|${response.newDueDate ?? ''}`}
      />

      <Box component="section" aria-labelledby="questions-heading">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
          <Typography id="questions-heading" variant="h2" sx={{ flexGrow: 1 }}>
            {r.questionsTable}
          </Typography>
          <TextField
            select
            size="small"
            margin="none"
            label={r.categoryFilter}
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: 240 }, bgcolor: 'background.paper' }}
          >
            <option value="">{r.allCategories}</option>
            {sections.map((s) => (
              <option key={s._id} value={s.categoryId}>
                {s.category.name}
              </option>
            ))}
          </TextField>
          {chosen && !pending ? (
            <Button
              variant="outlined"
              component={RouterLink}
              to={organisationPaths.checklist(response._id, chosen.categoryId)}
            >
              {r.edit}
            </Button>
          ) : (
            <Button variant="outlined" disabled title={pending ? r.editPendingHelp : r.editHelp}>
              {r.edit}
            </Button>
          )}
        </Box>
        <ReadonlyQuestions
          responseId={response._id}
          rows={rows}
          showCategory={chosen === null}
          pageSizes={pageSizes}
        />
      </Box>
    </Page>
  );
}

/** /sapphire/Cap_AssesmentView/{responseId} */
export function OrganisationResponsePage() {
  const { responseId = '' } = useParams();
  return <OrganisationResponseView key={responseId} responseId={responseId} />;
}

/**
 * /sapphire/view_assessment?responseId=…: the same detail screen; without a response to show,
 * the organisation goes to the assessment overview.
 */
export function ViewAssessmentPage() {
  const [params] = useSearchParams();
  const responseId = params.get('responseId') ?? params.get('id') ?? '';
  if (!responseId) return <Navigate to={organisationPaths.list} replace />;
  return (
    <OrganisationResponseView
      key={responseId}
      responseId={responseId}
      pageSizes={QUESTION_TABLE_PAGE_SIZES}
    />
  );
}
