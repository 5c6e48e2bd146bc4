import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { assessmentToForm } from '@palisade/domain/assessments/assessment.rules';
import type {
  AssessmentForm as AssessmentFormValues,
  AssessmentReply,
  EditAssessmentInput,
} from '@palisade/domain/assessments/assessment.schema';
import { coreMessages } from '@palisade/domain/messages-core';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { navMessages } from '@palisade/domain/messages/nav';
import { webMessages } from '@palisade/domain/messages/web';
import { AssessmentStatus } from '@palisade/domain/statuses';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { RecurrenceCard } from '../../../components/recurrence/recurrence-card';
import { DuplicateAssessmentButton } from '../../../components/templates/duplicate-assessment';
import { useProfile } from '../../../lib/session';
import { useEditAssessment } from '../api/edit-assessment';
import { useAssessment } from '../api/get-assessment-by-id';
import { assessmentPaths, organisationOf } from '../assessments-paths';
import { AssessmentForm, type AssessmentField } from '../components/assessment-form';
import { pickerLocale } from '../../../lib/language';
import { pickerTexts } from '../../../lib/picker-texts';

/** The page's name, in the screens' language (read when shown: issue 60). */
const title = () => webMessages.titles.editAssessment;

/** editAssessment's updateData: only the fields the user changed (each replaces the old one). */
export function updateDataOf(
  values: AssessmentFormValues,
  changed: readonly AssessmentField[],
): EditAssessmentInput['updateData'] {
  const data: EditAssessmentInput['updateData'] = {};
  for (const field of changed) {
    switch (field) {
      case 'name':
        data.name = values.name;
        break;
      case 'dueDate':
        data.dueDate = values.dueDate;
        break;
      case 'contractors':
        data.contractors = values.contractors;
        break;
      case 'sections':
        data.sections = values.sections;
        break;
    }
  }
  return data;
}

function EditForm({ assessment }: { assessment: AssessmentReply }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const edit = useEditAssessment();
  const initial = useMemo(() => assessmentToForm(assessment), [assessment]);
  return (
    <AssessmentForm
      mode="edit"
      companyId={organisationOf(profile)}
      defaultValues={initial}
      savedDueDate={assessment.dueDate}
      locked={assessment.status === AssessmentStatus.PENDING}
      submitting={edit.isPending}
      onSave={(values, changed) =>
        edit
          .mutateAsync({
            assessmentId: assessment._id,
            version: assessment.version,
            updateData: updateDataOf(values, changed),
          })
          .then(() => navigate(assessmentPaths.overview))
      }
    />
  );
}

/**
 * /sapphire/editAssessment/{assessmentId}: the assessment in the Add Assessment form. Once a
 * contractor has started it (status PENDING) it is shown read-only with the server's reason. A
 * save is based on the version loaded; refused (someone else saved first, or a contractor
 * started), the assessment is read again and the form starts afresh from it (issue 56).
 */
export function EditAssessmentPage() {
  const { assessmentId = '' } = useParams();
  const query = useAssessment(assessmentId);

  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={pickerLocale()}
      localeText={pickerTexts()}
    >
      <Page
        title={title()}
        breadcrumbs={[
          { label: navMessages.assessment, to: assessmentPaths.overview },
          { label: title() },
        ]}
        actions={query.data ? <DuplicateAssessmentButton source={query.data} /> : undefined}
      >
        {query.isPending && <LinearProgress aria-label={coreMessages.common.loading} />}
        {query.isError && <EmptyState text={assessmentMessages.errorFetchingAssessment} />}
        {query.data && (
          <EditForm key={`${query.data._id}:${query.data.version}`} assessment={query.data} />
        )}
        {/* Issue 58: the assessment may recur from the moment it is written, before anyone starts it. */}
        {query.data && (
          <Box sx={{ mt: 3 }}>
            <RecurrenceCard assessmentId={query.data._id} canEdit />
          </Box>
        )}
      </Page>
    </LocalizationProvider>
  );
}
