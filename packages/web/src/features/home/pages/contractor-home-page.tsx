import Box from '@mui/material/Box';
import { coreMessages } from '@palisade/domain/messages-core';
import { navMessages } from '@palisade/domain/messages/nav';
import { webMessages } from '@palisade/domain/messages/web';
import { workingOrganisationId } from '@palisade/domain/user-types';
import { GiveFeedbackButton } from '../../../components/feedback/give-feedback-button';
import { Page } from '../../../components/page';
import { Stage, StagedReveal } from '../../../components/staged-reveal';
import { RecentPolicyUpdatesCard } from '../../../components/policy-documents/recent-policy-updates-card';
import { ContractorComplianceCard } from '../../../components/compliance/compliance-cards';
import { LazyMyTrendCard } from '../../../components/trends/lazy-my-trend-card';
import { useProfile } from '../../../lib/session';
import { AssessmentsCard } from '../components/assessments-card';
import { LeaderboardPositionCard } from '../components/leaderboard-position-card';
import { ScoreDetailsCard } from '../components/score-details-card';

/**
 * /atgl/Contractor/dashboard: the contractor's home. The left column holds Score Details and its
 * leaderboard position and its Compliance card (issue 57); the right one Assessments (and Recent Policy Updates under it). The Give
 * Feedback button sits in the page's actions.
 */
export function ContractorHomePage() {
  const profile = useProfile();
  const organisationId = workingOrganisationId(profile);
  return (
    <Page
      title={coreMessages.pages.home}
      heading={webMessages.welcome(profile.name)}
      breadcrumbs={[{ label: navMessages.dashboard }]}
      actions={<GiveFeedbackButton />}
    >
      {/* One card a task, in reading order (Score Details, its leaderboard position, Compliance,
          Assessments, Recent Policy Updates): the phone's main thread is never held for the whole page; a
          card below a phone's screen comes when the user scrolls near it or the page has settled. */}
      <StagedReveal parts={6}>
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
            <Stage step={2}>
              <LeaderboardPositionCard companyId={organisationId} />
            </Stage>
            <Stage step={3}>
              {organisationId !== null && <ContractorComplianceCard companyId={organisationId} />}
            </Stage>
            {/* Issue 58: its score per round; the card and the charts' code load when its turn comes. */}
            <Stage step={6}>
              <LazyMyTrendCard contractorId={profile._id} companyId={organisationId} />
            </Stage>
          </Box>
          <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
            <Stage step={4}>
              <AssessmentsCard contractorId={profile._id} />
            </Stage>
            <Stage step={5}>
              <RecentPolicyUpdatesCard companyId={organisationId} manage={false} />
            </Stage>
          </Box>
        </Box>
      </StagedReveal>
    </Page>
  );
}
