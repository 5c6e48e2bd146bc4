import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { messages } from '@palisade/domain/messages';
import { AppShell } from './app-shell';
import type { MenuItem } from './shell-types';

const MENU: readonly MenuItem[] = [
  { label: messages.nav.home, to: '/auditor/dashboard', icon: HomeOutlined },
  { label: messages.nav.assessment, to: '/auditor/Assessment', icon: AssignmentOutlined },
  { label: messages.nav.engagement, to: '/auditor/engagement', icon: EmojiEventsOutlined },
];

/** The auditor's shell, /auditor. */
export function AuditorShell() {
  return <AppShell shell="auditor" menu={MENU} />;
}
