import { HomeOverview } from '../components/home-overview';

/** /sapphire/Dashboard: the organisation's home. Its dashboard cards come with later work. */
export function OrganisationHomePage() {
  return <HomeOverview />;
}
