import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { messages } from '@palisade/domain/messages';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { useCreateAssessment } from '../api/create-assessment';
import { assessmentPaths, organisationOf } from '../assessments-paths';
import { AssessmentForm, newAssessmentValues } from '../components/assessment-form';

const title = messages.web.titles.addAssessment;

/** /sapphire/Add_Assessment: a new assessment; after Share and Save, back to the overview. */
export function AddAssessmentPage() {
  const profile = useProfile();
  const navigate = useNavigate();
  const create = useCreateAssessment();
  const [initial] = useState(newAssessmentValues);

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Page
        title={title}
        breadcrumbs={[
          { label: messages.nav.assessment, to: assessmentPaths.overview },
          { label: title },
        ]}
      >
        <AssessmentForm
          mode="add"
          companyId={organisationOf(profile)}
          defaultValues={initial}
          submitting={create.isPending}
          onSave={(values) =>
            create.mutate(values, { onSuccess: () => void navigate(assessmentPaths.overview) })
          }
        />
      </Page>
    </LocalizationProvider>
  );
}
