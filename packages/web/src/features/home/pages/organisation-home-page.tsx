import Box from '@mui/material/Box';
import { coreMessages } from '@palisade/domain/messages-core';
import { navMessages } from '@palisade/domain/messages/nav';
import { webMessages } from '@palisade/domain/messages/web';
import { SHELL_PREFIX, workingOrganisationId } from '@palisade/domain/user-types';
import { OrganisationComplianceCard } from '../../../components/compliance/compliance-cards';
import { EmptyState } from '../../../components/empty-state';
import { GiveFeedbackButton } from '../../../components/feedback/give-feedback-button';
import { RecentPolicyUpdatesCard } from '../../../components/policy-documents/recent-policy-updates-card';
import { Page } from '../../../components/page';
import { Stage, StagedReveal } from '../../../components/staged-reveal';
import { LeaderboardCard } from '../../../components/engagement/leaderboard-card';
import { useProfile } from '../../../lib/session';
import { BandCountsCard } from '../components/band-counts-card';
import { EsgoCard } from '../components/esgo-card';
import { OverallAssessmentsCard } from '../components/overall-assessments-card';
import { PendingTasksCard } from '../components/pending-tasks-card';
import { PerformanceCard } from '../components/performance-card';
import { contractorTrendPath } from '../../../components/trends/trend-paths';

/**
 * /sapphire/Dashboard (company-and-auditor §2.2): title Home, breadcrumb Dashboard. The band
 * counts across the top, then a grid of cards: E-S-G-O, Performance, Overall Assessments,
 * Leaderboard, Pending Tasks, Compliance (issue 57) and Recent Policy Updates. The Give Feedback button sits in the
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
          <LeaderboardCard key="leaderboard" companyId={companyId} linkOf={contractorTrendPath} />,
          <PendingTasksCard key="pending" companyId={companyId} />,
          <OrganisationComplianceCard key="compliance" companyId={companyId} />,
          <RecentPolicyUpdatesCard key="policies" companyId={companyId} manage />,
        ];
  return (
    <Page
      title={coreMessages.pages.home}
      heading={webMessages.welcome(profile.name)}
      breadcrumbs={[{ label: navMessages.dashboard }]}
      actions={<GiveFeedbackButton />}
    >
      {companyId === null ? (
        <EmptyState />
      ) : (
        // One card a task, in the grid's order: the phone's main thread is never held for the
        // whole page; the cards below a phone's screen when the user scrolls near them or the
        // page has settled (components/staged-reveal.tsx).
        <StagedReveal parts={cards.length}>
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
            {cards.map((card, i) => (
              <Stage key={card.key} step={i + 1}>
                {card}
              </Stage>
            ))}
          </Box>
        </StagedReveal>
      )}
    </Page>
  );
}
