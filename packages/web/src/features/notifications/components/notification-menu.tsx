import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { NotificationList } from '@palisade/domain/notifications/notification.schema';
import { notificationMessages } from '@palisade/domain/notifications/notification.messages';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';

const t = notificationMessages;

export interface NotificationMenuProps {
  /** The popover's id (the bell's aria-controls). */
  id: string;
  /** The bell while the menu is open; null: closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
  list: NotificationList | undefined;
  /** The Notifications page of the user's shell (the "See all" link at the foot), when known. */
  allPath: string | null;
}

/**
 * The bell's menu (its own chunk, fetched when the user reaches for the bell): the latest 20, each
 * linking to the screen where the user acts (opening one marks it read); mark all as read; and at
 * its foot a link to all of them (the Notifications page).
 */
export function NotificationMenu({
  id: MENU_ID,
  anchor,
  onClose,
  list,
  allPath,
}: NotificationMenuProps) {
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = list?.unread ?? 0;
  const items = list?.items ?? [];
  return (
    <Popover
      id={MENU_ID}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': `${MENU_ID}-title`,
          sx: {
            width: 380,
            maxWidth: 'calc(100vw - 16px)',
            maxHeight: 'min(560px, calc(100vh - 96px))',
          },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          py: 1,
          gap: 1,
        }}
      >
        <Typography
          id={`${MENU_ID}-title`}
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 700 }}
        >
          {t.menuTitle}
        </Typography>
        <Button
          size="small"
          onClick={() => markAll.mutate()}
          disabled={unread === 0 || markAll.isPending}
        >
          {t.markAllRead}
        </Button>
      </Box>
      <Divider />
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
          {t.empty}
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby={`${MENU_ID}-title`}>
          {items.map((n) => (
            <NotificationItem
              key={n._id}
              notification={n}
              onOpen={() => {
                if (!n.read) markRead.mutate(n._id);
                onClose();
              }}
            />
          ))}
        </List>
      )}
      {allPath !== null && (
        <Box sx={{ px: 2, py: 1.25, textAlign: 'center' }}>
          <Link component={RouterLink} to={allPath} onClick={onClose} variant="body2">
            {t.seeAll}
          </Link>
        </Box>
      )}
    </Popover>
  );
}
