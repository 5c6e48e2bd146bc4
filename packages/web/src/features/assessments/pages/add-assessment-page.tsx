import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { navMessages } from '@palisade/domain/messages/nav';
import { webMessages } from '@palisade/domain/messages/web';
import { Page } from '../../../components/page';
import { useClientId } from '../../../lib/client-id';
import { useProfile } from '../../../lib/session';
import { useCreateAssessment } from '../api/create-assessment';
import { assessmentPaths, organisationOf } from '../assessments-paths';
import { AssessmentForm, newAssessmentValues } from '../components/assessment-form';
import { pickerLocale } from '../../../lib/language';
import { pickerTexts } from '../../../lib/picker-texts';

/** The page's name, in the screens' language (read when shown: issue 60). */
const title = () => webMessages.titles.addAssessment;

/**
 * /sapphire/Add_Assessment: a new assessment; after Share and Save, back to the overview. The
 * assessment's id is made when the page opens and sent with every try: a double click or a retry
 * stores it once (issue 56).
 */
export function AddAssessmentPage() {
  const profile = useProfile();
  const navigate = useNavigate();
  const create = useCreateAssessment();
  const [initial] = useState(newAssessmentValues);
  const { id } = useClientId();

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
      >
        <AssessmentForm
          mode="add"
          companyId={organisationOf(profile)}
          defaultValues={initial}
          submitting={create.isPending}
          onSave={(values) =>
            create
              .mutateAsync({ ...values, id })
              .then(() => navigate(assessmentPaths.overview))
          }
        />
      </Page>
    </LocalizationProvider>
  );
}
