import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NotificationList } from '@palisade/domain/notifications/notification.schema';
import { messages } from '@palisade/domain/messages';
import { loadOnce } from '../../../lib/load-once';
import { useRealtimeNotifications } from '../../../lib/realtime';
import { useCodeOnDemand } from '../../../lib/use-code-on-demand';
import { notificationKeys } from '../api/keys';
import { useNotifications } from '../api/list-notifications';

const t = messages.notifications;
const MENU_ID = 'notifications-menu';

/** The menu's code (MUI's Popover and the list): fetched when the user reaches for the bell. */
const loadMenu = loadOnce(() =>
  import('./notification-menu').then((module) => module.NotificationMenu),
);
const preloadMenu = () => void loadMenu().catch(() => undefined);

/**
 * The bell of every shell's top bar (issue 22): the unread count, live through the realtime
 * channel; a menu of the latest 20, each linking to the screen where the user acts (opening one
 * marks it read); mark all as read.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const list = useNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menu = useCodeOnDemand(loadMenu);

  useRealtimeNotifications((unread) => {
    if (unread !== null) {
      // The count shows at once; the items follow with the refetch.
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), (old) =>
        old ? { ...old, unread } : old,
      );
    }
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
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
        />
      )}
    </>
  );
}
