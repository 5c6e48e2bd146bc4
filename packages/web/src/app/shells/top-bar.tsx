import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { PRODUCT_NAME } from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { navMessages } from '@palisade/domain/messages/nav';
import { webMessages } from '@palisade/domain/messages/web';
import { homeRoute } from '@palisade/domain/user-types';
import { useSignOut } from '../../features/auth/api/sign-out';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { isObservationListPath } from '../../lib/observation-range';
import { TOP_BAR_HEIGHT } from '../../theme/theme';
import { OrganisationSwitcherSlot } from './organisation-switcher-slot';

// The date pickers (MUI X) load only when an observation page is first shown.
const ObservationRangePickers = lazy(() =>
  import('../../components/observation-range/observation-range-pickers').then((m) => ({
    default: m.ObservationRangePickers,
  })),
);

interface TopBarProps {
  profile: Profile;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/** Logo to home, menu toggle, organisation switcher, the notification bell, avatar to /profile, Log out. */
export function TopBar({ profile, menuOpen, onToggleMenu }: TopBarProps) {
  const signOut = useSignOut({ successMessage: coreMessages.auth.loggedOut });
  const { pathname } = useLocation();

  return (
    <AppBar position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ minHeight: TOP_BAR_HEIGHT, gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={navMessages.toggleMenu}
          aria-controls="side-panel"
          aria-expanded={menuOpen}
          onClick={onToggleMenu}
        >
          <MenuIcon />
        </IconButton>
        <Link
          component={RouterLink}
          to={homeRoute(profile.type)}
          color="inherit"
          underline="none"
          sx={{ fontWeight: 700, fontSize: '1.25rem', letterSpacing: 0.5 }}
        >
          {PRODUCT_NAME}
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {isObservationListPath(pathname) && (
          // On phones the page shows the same pickers at its head (the bar has no room).
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <Suspense fallback={null}>
              <ObservationRangePickers onBar />
            </Suspense>
          </Box>
        )}
        {profile.organisations.length > 1 && (
          <OrganisationSwitcherSlot
            profile={profile}
            id="organisation-switcher-top"
            sx={{
              display: { xs: 'none', sm: 'inline-flex' },
              width: 220,
              '& .MuiFilledInput-root': {
                bgcolor: 'background.paper',
                '&:hover, &.Mui-focused': { bgcolor: 'background.paper' },
              },
            }}
          />
        )}
        <NotificationBell />
        <IconButton
          component={RouterLink}
          to="/profile"
          aria-label={webMessages.openProfile}
          sx={{ p: 0.5 }}
        >
          <Avatar src={profile.profileImage?.fileLink} alt="" sx={{ width: 36, height: 36 }}>
            {profile.name.charAt(0).toUpperCase()}
          </Avatar>
        </IconButton>
        <Button color="inherit" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {coreMessages.auth.logOut}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
