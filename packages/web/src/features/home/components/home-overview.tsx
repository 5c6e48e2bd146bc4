import { messages } from '@palisade/domain/messages';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';

/**
 * What the three home pages share until their cards are built: title Home, breadcrumb Dashboard,
 * the user's name, and an honest empty state (no sample figures).
 */
export function HomeOverview() {
  const profile = useProfile();
  return (
    <Page
      title={messages.pages.home}
      heading={messages.web.welcome(profile.name)}
      breadcrumbs={[{ label: messages.nav.dashboard }]}
    >
      <EmptyState />
    </Page>
  );
}
