import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { navMessages } from '@palisade/domain/messages/nav';
import { notificationMessages } from '@palisade/domain/notifications/notification.messages';
import { NOTIFICATION_PAGE_SIZES } from '@palisade/domain/notifications/notification.rules';
import { homeRoute } from '@palisade/domain/user-types';
import { ListPager } from '../../../components/list-pager';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { useNotificationsPage } from '../api/list-notifications-page';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-read';
import { NotificationItem } from '../components/notification-item';

const t = notificationMessages;

/**
 * {shell}/notifications (issue 63): every notification of the user, newest first, a page at a
 * time from the server (20, 50 or 100), the page and size kept in the URL (?page=&size=) so that
 * Back from the screen a notification opened returns here. Each links to where the user acts
 * (opening one marks it read); Mark all as read. The bell's menu links here ("See all").
 */
export function NotificationsPage() {
  const profile = useProfile();
  const list = useListParams({ sizes: NOTIFICATION_PAGE_SIZES });
  const { page, pageSize, fitPage } = list;
  const query = useNotificationsPage(page + 1, pageSize);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const unread = query.data?.unread ?? 0;

  useEffect(() => {
    // A page past the end (an old link): the last one instead.
    if (query.isSuccess && !query.isPlaceholderData) fitPage(total);
  }, [query.isSuccess, query.isPlaceholderData, total, fitPage]);

  return (
    <Page
      title={t.pageTitle}
      breadcrumbs={[
        { label: navMessages.home, to: homeRoute(profile.type) },
        { label: t.pageTitle },
      ]}
      actions={
        <Button
          variant="outlined"
          onClick={() => markAll.mutate()}
          disabled={unread === 0 || markAll.isPending}
        >
          {t.markAllRead}
        </Button>
      }
    >
      <Card>
        <Box sx={{ height: 4 }}>
          {query.isFetching && <LinearProgress aria-label={t.listLabel} />}
        </Box>
        {query.isSuccess && items.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {t.pageEmpty}
          </Typography>
        ) : (
          <List disablePadding aria-label={t.listLabel} aria-busy={query.isFetching}>
            {items.map((n) => (
              <NotificationItem
                key={n._id}
                notification={n}
                onOpen={() => {
                  if (!n.read) markRead.mutate(n._id);
                }}
              />
            ))}
          </List>
        )}
        <ListPager
          total={total}
          page={page}
          onPage={list.setPage}
          pageSize={pageSize}
          sizes={NOTIFICATION_PAGE_SIZES}
          onPageSize={list.setPageSize}
          showFirstButton
          showLastButton
          wrap
        />
      </Card>
    </Page>
  );
}
