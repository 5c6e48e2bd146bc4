import type { ReactNode } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { navMessages } from '@palisade/domain/messages/nav';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { Page } from '../../../components/page';
import { USERS_PATHS } from '../users-paths';

const t = userScreensMessages;

/** Which list of the Users area is on screen. */
export type UsersTab = 'auditors' | 'companies';

interface UsersAreaProps {
  tab: UsersTab;
  actions: ReactNode;
  children: ReactNode;
}

/**
 * The Users area: one h1, the Auditors and Company tabs (links, so each list has its own URL),
 * the list's buttons and the list.
 */
export function UsersArea({ tab, actions, children }: UsersAreaProps) {
  const title = tab === 'auditors' ? t.auditorsTab : webMessages.titles.companies;
  return (
    <Page
      title={title}
      heading={t.heading}
      breadcrumbs={[{ label: navMessages.users, to: USERS_PATHS.auditors }, { label: title }]}
      actions={actions}
    >
      <Tabs
        value={tab}
        aria-label={t.tabsLabel}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="auditors"
          label={t.auditorsTab}
          component={RouterLink}
          to={USERS_PATHS.auditors}
        />
        <Tab
          value="companies"
          label={t.companyTab}
          component={RouterLink}
          to={USERS_PATHS.companies}
        />
      </Tabs>
      {children}
    </Page>
  );
}
