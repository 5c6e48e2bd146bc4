import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Outlet } from 'react-router';
import { SIDE_PANEL_WIDTH } from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import type { Shell } from '@palisade/domain/user-types';
import { UploadLeavePrompt } from '../../components/upload-leave-prompt';
import { loadOnce } from '../../lib/load-once';
import { useProfile } from '../../lib/session';
import { useCodeOnDemand } from '../../lib/use-code-on-demand';
import { TOP_BAR_HEIGHT } from '../../theme/theme';
import { SidePanel } from './side-panel';
import { MENU_PRELOAD_DELAY_MS, preloadRouteCode } from '../router';
import { useNavigationPending } from '../route-page';
import { TopBar } from './top-bar';
import type { MenuItem } from './shell-types';

const loadMobileMenu = loadOnce(() => import('./mobile-menu').then((m) => m.MobileMenu));

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
  const mdUp = theme.breakpoints.up('md');
  const desktop = useMediaQuery(mdUp, { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const loading = useNavigationPending();
  const open = desktop ? desktopOpen : mobileOpen;
  const mobileMenu = useCodeOnDemand(loadMobileMenu);
  // The drawer slides in only when it was there closed before (MUI's Drawer does not animate its
  // first opening): when its code arrives with the menu already asked for, it is rendered closed
  // for a frame first.
  const [drawerReady, setDrawerReady] = useState(false);
  useEffect(() => {
    if (!mobileMenu.Component) return;
    const frame = window.requestAnimationFrame(() => setDrawerReady(true));
    return () => window.cancelAnimationFrame(frame);
  }, [mobileMenu.Component]);

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
      // A phone's menu opens at once when its code is already here.
      if (!window.matchMedia?.(mdUp.replace(/^@media\s*/, '')).matches) void loadMobileMenu().catch(noop);
    };
    const timer = window.setTimeout(start, MENU_PRELOAD_DELAY_MS);
    for (const type of inputs) window.addEventListener(type, start, { passive: true });
    return () => {
      stopWaiting();
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [menu, mdUp]);

  const toggle = () => {
    if (desktop) return setDesktopOpen((v) => !v);
    // Open at once; the drawer shows as soon as its code is here (it closes again if it fails).
    if (!mobileOpen) mobileMenu.request(() => setMobileOpen(false));
    setMobileOpen((v) => !v);
  };
  const closeMobile = () => setMobileOpen(false);

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <TopBar profile={profile} menuOpen={open} onToggleMenu={toggle} />
      <UploadLeavePrompt />
      {loading && (
        <LinearProgress
          aria-label={coreMessages.common.loading}
          sx={{
            position: 'fixed',
            top: TOP_BAR_HEIGHT,
            left: 0,
            right: 0,
            zIndex: theme.zIndex.drawer + 2,
          }}
        />
      )}
      {desktop ? (
        // Beside the content from md up: a plain panel that slides out of view when closed
        // (hidden from the keyboard and screen readers too), without the drawer's modal code.
        <Box
          id="side-panel"
          sx={{
            position: 'fixed',
            left: 0,
            top: TOP_BAR_HEIGHT,
            bottom: 0,
            width: SIDE_PANEL_WIDTH,
            display: 'flex',
            flexDirection: 'column',
            overflowY: 'auto',
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            zIndex: theme.zIndex.drawer,
            transform: desktopOpen ? 'none' : 'translateX(-100%)',
            visibility: desktopOpen ? 'visible' : 'hidden',
            transition: theme.transitions.create(['transform', 'visibility'], {
              duration: theme.transitions.duration.shorter,
            }),
          }}
        >
          <SidePanel profile={profile} shell={shell} menu={menu} onNavigate={noop} />
        </Box>
      ) : (
        mobileMenu.Component && (
          <mobileMenu.Component open={mobileOpen && drawerReady} onClose={closeMobile}>
            <SidePanel profile={profile} shell={shell} menu={menu} onNavigate={closeMobile} />
          </mobileMenu.Component>
        )
      )}
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
