import { HomeOverview } from '../components/home-overview';

/** /auditor/dashboard: the auditor's home. Its dashboard cards come with later work. */
export function AuditorHomePage() {
  return <HomeOverview />;
}
