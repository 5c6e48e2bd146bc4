import { useMemo } from 'react';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { navMessages } from '@palisade/domain/messages/nav';
import { workingOrganisationId } from '@palisade/domain/user-types';
import { prefetchAuditorList } from '../../features/responses/api/get-responses-page';
import { AppShell } from './app-shell';
import type { MenuItem } from './shell-types';

/** The side menu, its labels in the screens' language (read when the shell mounts: issue 60). */
const menu = (): readonly MenuItem[] => [
  { label: navMessages.home, to: '/auditor/dashboard', icon: HomeOutlined },
  {
    label: navMessages.assessment,
    to: '/auditor/Assessment',
    icon: AssignmentOutlined,
    prefetch: (queryClient, profile) =>
      prefetchAuditorList(queryClient, workingOrganisationId(profile)),
  },
  { label: navMessages.engagement, to: '/auditor/engagement', icon: EmojiEventsOutlined },
  {
    label: complianceScreensMessages.menu,
    to: '/auditor/compliance',
    icon: VerifiedUserOutlined,
  },
];

/** The auditor's shell, /auditor. */
export function AuditorShell() {
  // One array while the shell lives (AppShell fetches its pages' code once per menu).
  const items = useMemo(menu, []);
  return <AppShell shell="auditor" menu={items} />;
}
