import Box from '@mui/material/Box';
import { messages } from '@palisade/domain/messages';
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
      title={messages.profile.title}
      breadcrumbs={[
        { label: messages.nav.home, to: homeRoute(profile.type) },
        { label: messages.profile.title },
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
