import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { messages } from '@palisade/domain/messages';
import { AppShell } from './app-shell';
import type { MenuItem } from './shell-types';

const MENU: readonly MenuItem[] = [
  { label: messages.nav.home, to: '/sapphire/Dashboard', icon: HomeOutlined },
  {
    label: messages.nav.assessment,
    to: '/sapphire/Assessment',
    icon: AssignmentOutlined,
    also: [
      '/sapphire/Add_Assessment',
      '/sapphire/editAssessment',
      '/sapphire/Cap_AssesmentView',
      '/sapphire/view_assessment',
    ],
  },
  {
    label: messages.nav.observation,
    to: '/sapphire/observation',
    icon: ReportProblemOutlined,
    also: ['/sapphire/ViewObservation', '/sapphire/OnlyViewObservation'],
  },
  { label: messages.nav.learning, to: '/sapphire/learning', icon: SchoolOutlined },
  { label: messages.nav.engagement, to: '/sapphire/engagement', icon: EmojiEventsOutlined },
  { label: messages.nav.feedback, to: '/sapphire/feedback', icon: RateReviewOutlined },
  { label: messages.nav.activity, to: '/sapphire/activity', icon: HistoryOutlined },
  {
    label: messages.nav.users,
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
    ],
  },
];

/** The organisation's (admin) shell, /sapphire. */
export function SapphireShell() {
  return <AppShell shell="sapphire" menu={MENU} />;
}
