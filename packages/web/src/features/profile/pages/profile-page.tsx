import Box from '@mui/material/Box';
import { navMessages } from '@palisade/domain/messages/nav';
import { profileMessages } from '@palisade/domain/messages/profile';
import { homeRoute } from '@palisade/domain/user-types';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { ProfileDetailsCard } from '../components/profile-details-card';
import { ProfileForm } from '../components/profile-form';
import { ProfileImageCard } from '../components/profile-image-card';

/** /profile: the user's details, picture and the form to edit them. */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <Page
      title={profileMessages.title}
      breadcrumbs={[
        { label: navMessages.home, to: homeRoute(profile.type) },
        { label: profileMessages.title },
      ]}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
          gap: 3,
        }}
      >
        <ProfileImageCard profile={profile} />
        <ProfileDetailsCard profile={profile} />
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <ProfileForm profile={profile} />
        </Box>
      </Box>
    </Page>
  );
}
