import { useMemo } from 'react';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { navMessages } from '@palisade/domain/messages/nav';
import { organisationOf } from '../../features/assessments/assessments-paths';
import { prefetchOverview } from '../../features/assessments/api/get-responses';
import { AppShell } from './app-shell';
import type { MenuItem } from './shell-types';

/** The side menu, its labels in the screens' language (read when the shell mounts: issue 60). */
const menu = (): readonly MenuItem[] => [
  { label: navMessages.home, to: '/sapphire/Dashboard', icon: HomeOutlined },
  {
    label: navMessages.assessment,
    to: '/sapphire/Assessment',
    icon: AssignmentOutlined,
    prefetch: (queryClient, profile) => prefetchOverview(queryClient, organisationOf(profile)),
    also: [
      '/sapphire/Add_Assessment',
      '/sapphire/editAssessment',
      '/sapphire/Cap_AssesmentView',
      '/sapphire/view_assessment',
      '/sapphire/templates',
    ],
  },
  {
    label: navMessages.observation,
    to: '/sapphire/observation',
    icon: ReportProblemOutlined,
    also: ['/sapphire/ViewObservation', '/sapphire/OnlyViewObservation'],
  },
  { label: navMessages.learning, to: '/sapphire/learning', icon: SchoolOutlined },
  { label: navMessages.engagement, to: '/sapphire/engagement', icon: EmojiEventsOutlined },
  {
    label: complianceScreensMessages.menu,
    to: '/sapphire/compliance',
    icon: VerifiedUserOutlined,
  },
  { label: navMessages.feedback, to: '/sapphire/feedback', icon: RateReviewOutlined },
  { label: navMessages.activity, to: '/sapphire/activity', icon: HistoryOutlined },
  {
    label: navMessages.users,
    to: '/sapphire/users',
    icon: PeopleOutlined,
    also: [
      '/sapphire/companies',
      '/sapphire/Add_Auditor',
      '/sapphire/ViewAuditor',
      '/sapphire/EditAuditor',
      '/sapphire/add_company',
      '/sapphire/ViewCompany',
      '/sapphire/EditCompany',
      '/sapphire/contractors',
    ],
  },
];

/** The organisation's (admin) shell, /sapphire. */
export function SapphireShell() {
  // One array while the shell lives (AppShell fetches its pages' code once per menu).
  const items = useMemo(menu, []);
  return <AppShell shell="sapphire" menu={items} />;
}
