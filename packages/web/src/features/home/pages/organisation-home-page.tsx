import Box from '@mui/material/Box';
import { messages } from '@palisade/domain/messages';
import { SHELL_PREFIX, workingOrganisationId } from '@palisade/domain/user-types';
import { EmptyState } from '../../../components/empty-state';
import { GiveFeedbackButton } from '../../../components/feedback/give-feedback-button';
import { RecentPolicyUpdatesCard } from '../../../components/policy-documents/recent-policy-updates-card';
import { Page } from '../../../components/page';
import { LeaderboardCard } from '../../../components/engagement/leaderboard-card';
import { useProfile } from '../../../lib/session';
import { useStagedReveal } from '../../../lib/use-staged-reveal';
import { BandCountsCard } from '../components/band-counts-card';
import { EsgoCard } from '../components/esgo-card';
import { OverallAssessmentsCard } from '../components/overall-assessments-card';
import { PendingTasksCard } from '../components/pending-tasks-card';
import { PerformanceCard } from '../components/performance-card';

/**
 * /sapphire/Dashboard (company-and-auditor §2.2): title Home, breadcrumb Dashboard. The band
 * counts across the top, then a grid of cards: E-S-G-O, Performance, Overall Assessments,
 * Leaderboard, Pending Tasks and Recent Policy Updates. The Give Feedback button sits in the
 * page's actions.
 */
export function OrganisationHomePage() {
  const profile = useProfile();
  const companyId = workingOrganisationId(profile);
  const cards =
    companyId === null
      ? []
      : [
          <Box key="bands" className="home-wide">
            <BandCountsCard companyId={companyId} shellPrefix={SHELL_PREFIX.sapphire} />
          </Box>,
          <EsgoCard key="esgo" companyId={companyId} />,
          <PerformanceCard key="performance" companyId={companyId} />,
          <OverallAssessmentsCard key="overall" companyId={companyId} />,
          <LeaderboardCard key="leaderboard" companyId={companyId} />,
          <PendingTasksCard key="pending" companyId={companyId} />,
          <RecentPolicyUpdatesCard key="policies" companyId={companyId} manage />,
        ];
  // One card a task, in the grid's order: the phone's main thread is never held for the whole page.
  const shown = useStagedReveal(cards.length);
  return (
    <Page
      title={messages.pages.home}
      heading={messages.web.welcome(profile.name)}
      breadcrumbs={[{ label: messages.nav.dashboard }]}
      actions={<GiveFeedbackButton />}
    >
      {companyId === null ? (
        <EmptyState />
      ) : (
        <Box
          data-testid="organisation-home-grid"
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: 'repeat(3, minmax(0, 1fr))',
            },
            '& > .home-wide': { gridColumn: '1 / -1' },
          }}
        >
          {cards.slice(0, shown)}
        </Box>
      )}
    </Page>
  );
}
