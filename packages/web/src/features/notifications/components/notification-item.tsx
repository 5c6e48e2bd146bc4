import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Notification } from '@palisade/domain/notifications/notification.schema';
import { formatDateTime } from '../../../lib/dates';

/**
 * One notification of the bell's menu or the Notifications page: its title (bold while unread,
 * with a bar in the primary colour), body and time, linking to the screen where the user acts.
 */
export function NotificationItem({
  notification: n,
  onOpen,
}: {
  notification: Notification;
  /** Called as the link is followed (marks it read). */
  onOpen: (notification: Notification) => void;
}) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={n.link}
        onClick={() => onOpen(n)}
        data-read={n.read}
        sx={{
          alignItems: 'flex-start',
          py: 1.25,
          borderLeft: 3,
          borderColor: n.read ? 'transparent' : 'primary.main',
          bgcolor: n.read ? undefined : 'action.hover',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="body2"
            sx={{ fontWeight: n.read ? 400 : 700, overflowWrap: 'anywhere' }}
          >
            {n.title}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 0.25, overflowWrap: 'anywhere' }}
          >
            {n.body}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(n.createdAt)}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
