import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { NotificationList } from '@palisade/domain/notifications/notification.schema';
import { notificationMessages } from '@palisade/domain/notifications/notification.messages';
import { SHELL_PREFIX } from '@palisade/domain/user-types';
import { loadOnce } from '../../../lib/load-once';
import { shellOfProfile, SignedInProfileContext } from '../../../lib/session';
import { useCodeOnDemand } from '../../../lib/use-code-on-demand';
import { notificationKeys } from '../api/keys';
import { useNotifications } from '../api/list-notifications';

const t = notificationMessages;
const MENU_ID = 'notifications-menu';

/** The menu's code (MUI's Popover and the list): fetched when the user reaches for the bell. */
const loadMenu = loadOnce(() =>
  import('./notification-menu').then((module) => module.NotificationMenu),
);
const preloadMenu = () => void loadMenu().catch(() => undefined);
/**
 * The realtime channel's code comes after the shell's first load (issue 13): the count the bell
 * shows first is the list's, and the channel keeps it live from when it has connected.
 */
const loadRealtime = loadOnce(() => import('../../../lib/realtime'));

/**
 * Calls onChange while the component is mounted whenever the user's notifications change (with
 * the unread count) or may have changed unheard (null: the channel was reopened).
 */
function useLiveUnreadCount(onChange: (unread: number | null) => void): void {
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    let stop: (() => void) | null = null;
    let ended = false;
    loadRealtime().then(
      ({ realtimeClient }) => {
        if (!ended) stop = realtimeClient().watchNotifications((unread) => latest.current(unread));
      },
      // Without the channel the count still follows each refetch of the list.
      () => undefined,
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, []);
}

/** The Notifications page of the signed-in user's shell; null outside a shell. */
function useAllNotificationsPath(): string | null {
  const profile = useContext(SignedInProfileContext);
  const shell = profile ? shellOfProfile(profile) : null;
  return shell ? `${SHELL_PREFIX[shell]}/notifications` : null;
}

/**
 * The bell of every shell's top bar (issue 22): the unread count, live through the realtime
 * channel; a menu of the latest 20, each linking to the screen where the user acts (opening one
 * marks it read); mark all as read; a link to all of them.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const allPath = useAllNotificationsPath();
  const list = useNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menu = useCodeOnDemand(loadMenu);

  useLiveUnreadCount((unread) => {
    if (unread !== null) {
      // The count shows at once; the items follow with the refetch.
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), (old) =>
        old ? { ...old, unread } : old,
      );
    }
    // The bell's list and any page of the Notifications page on screen.
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });

  const unread = list.data?.unread ?? 0;
  const open = anchor !== null && menu.Component !== null;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread > 0 ? t.bellUnread(unread) : t.bell}
        aria-haspopup="dialog"
        aria-controls={open ? MENU_ID : undefined}
        aria-expanded={open}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          menu.request(() => setAnchor(null));
        }}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        data-unread={unread}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {menu.Component && (
        <menu.Component
          id={MENU_ID}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          list={list.data}
          allPath={allPath}
        />
      )}
    </>
  );
}
