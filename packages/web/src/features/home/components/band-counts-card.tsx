import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { SectionCard } from '../../../components/section-card';
import { BandCards } from '../../../components/engagement/band-cards';
import { engagementPath } from '../../../components/engagement/bands';
import { useEngagement } from '../../../components/engagement/engagement-api';
import { useDeferredReply } from '../../../components/use-deferred-reply';

/**
 * The green, orange and red counts of the homes: contractors by overall score, each linking to
 * the Engagement Details filtered to its band.
 */
export function BandCountsCard({ companyId, shellPrefix }: { companyId: string | null; shellPrefix: string }) {
  const query = useDeferredReply(useEngagement(companyId));
  return (
    <SectionCard title={dashboardMessages.bandCounts}>
      <BandCards compact counts={query.data?.counts} to={(band) => engagementPath(shellPrefix, band)} />
    </SectionCard>
  );
}
