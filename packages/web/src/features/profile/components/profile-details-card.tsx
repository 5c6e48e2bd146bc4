import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { profileMessages } from '@palisade/domain/messages/profile';
import { rolesMessages } from '@palisade/domain/messages/roles';
import { webMessages } from '@palisade/domain/messages/web';
import { isUserType, workingOrganisationId } from '@palisade/domain/user-types';
import { SectionCard } from '../../../components/section-card';

const t = profileMessages;

/** The signed-in user's details as stored, read-only. */
export function ProfileDetailsCard({ profile }: { profile: Profile }) {
  const organisationId = workingOrganisationId(profile);
  const organisation = profile.organisations.find((o) => o._id === organisationId)?.name;
  const rows: [string, string | null | undefined][] = [
    [t.name, profile.name],
    [t.email, profile.email],
    [t.userType, isUserType(profile.type) ? rolesMessages[profile.type] : null],
    [t.organisation, organisation],
    [t.phone, profile.phoneNo],
    [t.location, profile.location],
    [t.code, profile.code],
  ];
  return (
    <SectionCard title={webMessages.profileDetails}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.5, sm: 1.5 },
          m: 0,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value || webMessages.notProvided}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
