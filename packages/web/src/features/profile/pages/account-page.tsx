import Box from '@mui/material/Box';
import { navMessages } from '@palisade/domain/messages/nav';
import { profileMessages } from '@palisade/domain/messages/profile';
import { homeRoute, UserType } from '@palisade/domain/user-types';
import { ContractorAccountTabs } from '../../../components/account-tabs';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { ChangePasswordForm } from '../components/change-password-form';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';
import { ProfileForm } from '../components/profile-form';
import { ProfileImageCard } from '../components/profile-image-card';

/** {group}/account: picture, profile fields and the change-password form (a contractor's Profile tab). */
export function AccountPage() {
  const profile = useProfile();
  return (
    <Page
      title={profileMessages.accountTitle}
      breadcrumbs={[
        { label: navMessages.home, to: homeRoute(profile.type) },
        { label: profileMessages.accountTitle },
      ]}
    >
      {/* A contractor also manages its employees here (DECISIONS.md, Employee). */}
      {profile.type === UserType.CONTRACTOR && <ContractorAccountTabs value="profile" />}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <ProfileImageCard profile={profile} />
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <ProfileForm profile={profile} />
          <ChangePasswordForm email={profile.email} />
          <TwoFactorCard />
          <SessionsCard />
        </Box>
      </Box>
    </Page>
  );
}
