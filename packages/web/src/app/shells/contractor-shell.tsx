import { useMemo } from 'react';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { navMessages } from '@palisade/domain/messages/nav';
import { AppShell } from './app-shell';
import type { MenuItem } from './shell-types';

/** The side menu, its labels in the screens' language (read when the shell mounts: issue 60). */
const menu = (): readonly MenuItem[] => [
  { label: navMessages.home, to: '/atgl/Contractor/dashboard', icon: HomeOutlined },
  { label: navMessages.assessment, to: '/atgl/Contractor/Assessment', icon: AssignmentOutlined },
  {
    label: navMessages.observation,
    to: '/atgl/Contractor/observation',
    icon: ReportProblemOutlined,
    also: ['/atgl/Contractor/ViewObservation', '/atgl/Contractor/OnlyViewObservation'],
  },
  { label: navMessages.learning, to: '/atgl/Contractor/learning', icon: SchoolOutlined },
  { label: navMessages.engagement, to: '/atgl/Contractor/engagement', icon: EmojiEventsOutlined },
  {
    label: complianceScreensMessages.menu,
    to: '/atgl/Contractor/compliance',
    icon: VerifiedUserOutlined,
  },
];

/** The contractor's shell, /atgl/Contractor. */
export function ContractorShell() {
  // One array while the shell lives (AppShell fetches its pages' code once per menu).
  const items = useMemo(menu, []);
  return <AppShell shell="contractor" menu={items} />;
}
