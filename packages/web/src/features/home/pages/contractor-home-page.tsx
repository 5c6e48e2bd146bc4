import Box from '@mui/material/Box';
import { messages } from '@palisade/domain/messages';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { AssessmentsCard } from '../components/assessments-card';
import { ScoreDetailsCard } from '../components/score-details-card';

/**
 * /atgl/Contractor/dashboard: the contractor's home with its Score Details and Assessments cards.
 * Give Feedback and Recent Policy Updates come with their own issues.
 */
export function ContractorHomePage() {
  const profile = useProfile();
  return (
    <Page
      title={messages.pages.home}
      heading={messages.web.welcome(profile.name)}
      breadcrumbs={[{ label: messages.nav.dashboard }]}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <ScoreDetailsCard contractorId={profile._id} />
        <AssessmentsCard contractorId={profile._id} />
      </Box>
    </Page>
  );
}
