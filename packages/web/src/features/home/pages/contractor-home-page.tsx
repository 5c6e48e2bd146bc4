import Box from '@mui/material/Box';
import { messages } from '@palisade/domain/messages';
import { workingOrganisationId } from '@palisade/domain/user-types';
import { GiveFeedbackButton } from '../../../components/feedback/give-feedback-button';
import { Page } from '../../../components/page';
import { RecentPolicyUpdatesCard } from '../../../components/policy-documents/recent-policy-updates-card';
import { useProfile } from '../../../lib/session';
import { useStagedReveal } from '../../../lib/use-staged-reveal';
import { AssessmentsCard } from '../components/assessments-card';
import { LeaderboardPositionCard } from '../components/leaderboard-position-card';
import { ScoreDetailsCard } from '../components/score-details-card';

/**
 * /atgl/Contractor/dashboard: the contractor's home. The left column holds Score Details and its
 * leaderboard position; the right one Assessments (and Recent Policy Updates under it). The Give
 * Feedback button sits in the page's actions.
 */
export function ContractorHomePage() {
  const profile = useProfile();
  // One card a task, in reading order (Score Details, its leaderboard position, Assessments,
  // Recent Policy Updates): the phone's main thread is never held for the whole page.
  const shown = useStagedReveal(4);
  return (
    <Page
      title={messages.pages.home}
      heading={messages.web.welcome(profile.name)}
      breadcrumbs={[{ label: messages.nav.dashboard }]}
      actions={<GiveFeedbackButton />}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <ScoreDetailsCard contractorId={profile._id} />
          {shown > 1 && <LeaderboardPositionCard companyId={workingOrganisationId(profile)} />}
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          {shown > 2 && <AssessmentsCard contractorId={profile._id} />}
          {shown > 3 && <RecentPolicyUpdatesCard companyId={workingOrganisationId(profile)} manage={false} />}
        </Box>
      </Box>
    </Page>
  );
}
