import { HomeOverview } from '../components/home-overview';

/** /atgl/Contractor/dashboard: the contractor's home. Its dashboard cards come with later work. */
export function ContractorHomePage() {
  return <HomeOverview />;
}
