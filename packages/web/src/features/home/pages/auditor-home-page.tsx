import Box from '@mui/material/Box';
import { coreMessages } from '@palisade/domain/messages-core';
import { navMessages } from '@palisade/domain/messages/nav';
import { webMessages } from '@palisade/domain/messages/web';
import { SHELL_PREFIX, workingOrganisationId } from '@palisade/domain/user-types';
import { GiveFeedbackButton } from '../../../components/feedback/give-feedback-button';
import { Page } from '../../../components/page';
import { Stage, StagedReveal } from '../../../components/staged-reveal';
import { LeaderboardCard } from '../../../components/engagement/leaderboard-card';
import { useProfile } from '../../../lib/session';
import { BandCountsCard } from '../components/band-counts-card';
import { ToReviewCard } from '../components/to-review-card';

/**
 * /auditor/dashboard (company-and-auditor §2.2): the working organisation's SUBMITTED responses to
 * review across the top (the switcher picks the organisation; issue 19); then its band counts and
 * leaderboard (policy updates are for the
 * organisation and its contractors). The Give Feedback button sits in the page's actions.
 */
export function AuditorHomePage() {
  const profile = useProfile();
  const companyId = workingOrganisationId(profile);
  return (
    <Page
      title={coreMessages.pages.home}
      heading={webMessages.welcome(profile.name)}
      breadcrumbs={[{ label: navMessages.dashboard }]}
      actions={<GiveFeedbackButton />}
    >
      {/* One card a task, in reading order; the band counts and the leaderboard, below the list
          to review on a phone, when the user scrolls near them or the page has settled. */}
      <StagedReveal parts={3}>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <ToReviewCard companyIds={companyId ? [companyId] : []} viewerId={profile._id} />
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              alignItems: 'start',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <Stage step={2}>
              <BandCountsCard companyId={companyId} shellPrefix={SHELL_PREFIX.auditor} />
            </Stage>
            <Stage step={3}>
              <LeaderboardCard companyId={companyId} />
            </Stage>
          </Box>
        </Box>
      </StagedReveal>
    </Page>
  );
}
