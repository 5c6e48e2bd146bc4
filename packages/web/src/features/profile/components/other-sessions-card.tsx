import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { coreMessages } from '@palisade/domain/messages-core';
import { profileMessages } from '@palisade/domain/messages/profile';
import { SectionCard } from '../../../components/section-card';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';

/** Ends the user's sessions on every other browser and device; this one stays signed in. */
export function OtherSessionsCard() {
  const signOut = useSignOutOtherSessions();
  return (
    <SectionCard title={profileMessages.devicesTitle}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
          {profileMessages.devicesHint}
        </Typography>
        <Button variant="outlined" loading={signOut.isPending} onClick={() => signOut.mutate()}>
          {coreMessages.auth.signOutOtherSessions}
        </Button>
      </Box>
    </SectionCard>
  );
}
