import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { messages } from '@palisade/domain/messages';
import { AppShell } from './app-shell';
import type { MenuItem } from './shell-types';

const MENU: readonly MenuItem[] = [
  { label: messages.nav.home, to: '/atgl/Contractor/dashboard', icon: HomeOutlined },
  { label: messages.nav.assessment, to: '/atgl/Contractor/Assessment', icon: AssignmentOutlined },
  {
    label: messages.nav.observation,
    to: '/atgl/Contractor/observation',
    icon: ReportProblemOutlined,
    also: ['/atgl/Contractor/ViewObservation', '/atgl/Contractor/OnlyViewObservation'],
  },
  { label: messages.nav.learning, to: '/atgl/Contractor/learning', icon: SchoolOutlined },
  { label: messages.nav.engagement, to: '/atgl/Contractor/engagement', icon: EmojiEventsOutlined },
];

/** The contractor's shell, /atgl/Contractor. */
export function ContractorShell() {
  return <AppShell shell="contractor" menu={MENU} />;
}
