import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, NavLink, useLocation } from 'react-router';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { navMessages } from '@palisade/domain/messages/nav';
import { profileMessages } from '@palisade/domain/messages/profile';
import { rolesMessages } from '@palisade/domain/messages/roles';
import { webMessages } from '@palisade/domain/messages/web';
import { isUserType, SHELL_PREFIX, type Shell } from '@palisade/domain/user-types';
import { OrganisationSwitcherSlot } from './organisation-switcher-slot';
import { preloadRouteCode } from '../router';
import type { MenuItem } from './shell-types';

const itemSx = {
  borderRadius: 1,
  mx: 1,
  color: 'text.secondary',
  // primary.dark keeps the active entry readable (WCAG AA) on its tinted background.
  '&.active': {
    bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.1),
    color: 'primary.dark',
    '& .MuiListItemIcon-root': { color: 'primary.dark' },
  },
} as const;

interface SidePanelProps {
  profile: Profile;
  shell: Shell;
  menu: readonly MenuItem[];
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate: () => void;
}

/** The side panel: who is signed in, the shell's menu, and the user's own pages. */
export function SidePanel({ profile, shell, menu, onNavigate }: SidePanelProps) {
  const prefix = SHELL_PREFIX[shell];
  const own: MenuItem[] = [
    { label: profileMessages.accountTitle, to: `${prefix}/account`, icon: AccountCircleOutlined },
    { label: profileMessages.settingsTitle, to: `${prefix}/settings`, icon: SettingsOutlined },
  ];

  const queryClient = useQueryClient();
  const path = useLocation().pathname.toLowerCase();
  const within = (prefix: string) => path.startsWith(prefix.toLowerCase());
  const renderItems = (items: readonly MenuItem[]) =>
    items.map(({ label, to, icon: Icon, also = [], prefetch }) => {
      // The page's code starts when the user reaches for it (app-shell.tsx preloads the rest
      // later), and its first data with it where the entry names it.
      const reach = () => {
        preloadRouteCode([to]);
        prefetch?.(queryClient, profile);
      };
      return (
        <ListItem key={to} disablePadding>
          <ListItemButton
            component={NavLink}
            to={to}
            onClick={onNavigate}
            onPointerEnter={reach}
            onFocus={reach}
            sx={itemSx}
            // Routes are matched without case, so the highlight is too; `also` widens it.
            className={within(to) || also.some(within) ? 'active' : ''}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Icon />
            </ListItemIcon>
            <ListItemText primary={label} />
          </ListItemButton>
        </ListItem>
      );
    });

  return (
    <Box
      component="aside"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowY: 'auto' }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          p: 2,
          gap: 0.5,
        }}
      >
        <Avatar src={profile.profileImage?.fileLink} alt="" sx={{ width: 64, height: 64, mb: 1 }}>
          {profile.name.charAt(0).toUpperCase()}
        </Avatar>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{profile.name}</Typography>
        {isUserType(profile.type) && (
          <Typography variant="body2" color="text.secondary">
            {rolesMessages[profile.type]}
          </Typography>
        )}
        <Link component={RouterLink} to="/profile" onClick={onNavigate} variant="body2">
          {navMessages.profile}
        </Link>
      </Box>
      {profile.organisations.length > 1 && (
        // The top bar has no room for the switcher on phones; it moves here.
        <Box sx={{ px: 2, pb: 2, display: { sm: 'none' } }}>
          <OrganisationSwitcherSlot
            profile={profile}
            id="organisation-switcher-panel"
            sx={{ width: '100%' }}
            onSwitched={onNavigate}
          />
        </Box>
      )}
      <Divider />
      <Box component="nav" aria-label={webMessages.mainNavigation}>
        <List>{renderItems(menu)}</List>
      </Box>
      <Divider />
      <List>{renderItems(own)}</List>
    </Box>
  );
}
