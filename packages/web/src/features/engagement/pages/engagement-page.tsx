import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { navMessages } from '@palisade/domain/messages/nav';
import { webMessages } from '@palisade/domain/messages/web';
import type { ScoreBand } from '@palisade/domain/scores/score.rules';
import { SHELL_PREFIX, workingOrganisationId } from '@palisade/domain/user-types';
import { Page } from '../../../components/page';
import { BandCards } from '../../../components/engagement/band-cards';
import { bandOfParam, engagementPath } from '../../../components/engagement/bands';
import { useEngagement } from '../../../components/engagement/engagement-api';
import { shellOfProfile, useProfile } from '../../../lib/session';
import { DetailsTable } from '../components/details-table';
import { LeaderboardTable } from '../components/leaderboard-table';

/**
 * Engagement (company-and-auditor §2.3) for the organisation, the contractor and the auditor:
 * Red, Orange and Green cards whose View filters Details (?band=), and the Leaderboard. A
 * contractor sees its own row; the other contractors are "Contractor #rank" (DECISIONS.md).
 */
export function EngagementPage() {
  const profile = useProfile();
  const prefix = SHELL_PREFIX[shellOfProfile(profile) ?? 'sapphire'];
  const companyId = workingOrganisationId(profile);
  const [params] = useSearchParams();
  const band = bandOfParam(params.get('band'));
  const engagement = useEngagement(companyId);
  // The band cards and "clear" change ?band= only: the leaderboard's page, size and search stay.
  const withBand = (b?: ScoreBand) => {
    const next = new URLSearchParams(params);
    next.delete('band');
    const path = engagementPath(prefix, b);
    const rest = next.toString();
    return rest ? `${path}${path.includes('?') ? '&' : '?'}${rest}` : path;
  };
  const home = prefix === SHELL_PREFIX.sapphire ? `${prefix}/Dashboard` : `${prefix}/dashboard`;
  return (
    <Page
      title={webMessages.titles.engagement}
      breadcrumbs={[{ label: navMessages.dashboard, to: home }, { label: webMessages.titles.engagement }]}
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        <BandCards counts={engagement.data?.counts} to={(b) => withBand(b)} selected={band} />
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <DetailsTable key={band ?? 'all'} rows={engagement.data?.details} band={band} clearTo={withBand()} />
          <LeaderboardTable companyId={companyId} />
        </Box>
      </Box>
    </Page>
  );
}
