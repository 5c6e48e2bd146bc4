import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Outlet } from 'react-router';
import { SIDE_PANEL_WIDTH } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import type { Shell } from '@palisade/domain/user-types';
import { useProfile } from '../../lib/session';
import { TOP_BAR_HEIGHT } from '../../theme/theme';
import { SidePanel } from './side-panel';
import { MENU_PRELOAD_DELAY_MS, preloadRouteCode } from '../router';
import { useNavigationPending } from '../route-page';
import { TopBar } from './top-bar';
import type { MenuItem } from './shell-types';

interface AppShellProps {
  shell: Shell;
  menu: readonly MenuItem[];
  /** The content; defaults to the matched child route. */
  children?: ReactNode;
}

/**
 * The one shell of all three user types: top bar, side panel (256 px, beside the content from
 * md up, a drawer over it below md) and the content area.
 */
export function AppShell({ shell, menu, children }: AppShellProps) {
  const profile = useProfile();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const loading = useNavigationPending();
  const open = desktop ? desktopOpen : mobileOpen;

  // The menu's pages' code in the background (issue 19), but not as part of the first load
  // (issue 13): once the user is there (the first pointer, key or scroll input) or after
  // MENU_PRELOAD_DELAY_MS, whichever comes first, when the browser is idle. A pointer or the focus
  // on a menu item starts that page's code at once (side-panel.tsx).
  useEffect(() => {
    const paths = menu.map((item) => item.to);
    const inputs = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
    let idle: number | undefined;
    const stopWaiting = () => {
      window.clearTimeout(timer);
      for (const type of inputs) window.removeEventListener(type, start);
    };
    const start = () => {
      stopWaiting();
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(() => preloadRouteCode(paths), { timeout: 2000 });
      } else preloadRouteCode(paths);
    };
    const timer = window.setTimeout(start, MENU_PRELOAD_DELAY_MS);
    for (const type of inputs) window.addEventListener(type, start, { passive: true });
    return () => {
      stopWaiting();
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [menu]);

  const toggle = () => (desktop ? setDesktopOpen((v) => !v) : setMobileOpen((v) => !v));
  const closeMobile = () => setMobileOpen(false);

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <TopBar profile={profile} menuOpen={open} onToggleMenu={toggle} />
      {loading && (
        <LinearProgress
          aria-label={messages.common.loading}
          sx={{
            position: 'fixed',
            top: TOP_BAR_HEIGHT,
            left: 0,
            right: 0,
            zIndex: theme.zIndex.drawer + 2,
          }}
        />
      )}
      <Drawer
        id="side-panel"
        variant={desktop ? 'persistent' : 'temporary'}
        open={open}
        onClose={closeMobile}
        // On phones the panel's content is made while the menu is open, not with every page
        // (issue 25: it was a fifth to a quarter of a home's elements, on the devices slowest to
        // make them).
        // On phones the drawer is a modal dialog, which needs a name.
        slotProps={{ paper: { 'aria-label': desktop ? undefined : messages.web.menu } }}
        sx={{
          // Below the top bar in both layouts, so the toggle stays in reach to close it again.
          '& .MuiDrawer-paper': {
            width: SIDE_PANEL_WIDTH,
            boxSizing: 'border-box',
            top: TOP_BAR_HEIGHT,
            height: `calc(100% - ${TOP_BAR_HEIGHT}px)`,
          },
        }}
      >
        <SidePanel
          profile={profile}
          shell={shell}
          menu={menu}
          onNavigate={desktop ? noop : closeMobile}
        />
      </Drawer>
      <Box
        component="main"
        sx={{
          pt: `${TOP_BAR_HEIGHT}px`,
          ml: desktop && desktopOpen ? `${SIDE_PANEL_WIDTH}px` : 0,
          minWidth: 0,
          transition: theme.transitions.create('margin', {
            duration: theme.transitions.duration.shorter,
          }),
        }}
      >
        {children ?? <Outlet />}
      </Box>
    </Box>
  );
}

function noop(): void {}
