import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useNavigate } from 'react-router';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { navMessages } from '@palisade/domain/messages/nav';
import { homeRoute, workingOrganisationId } from '@palisade/domain/user-types';
import { useSwitchOrganisation } from '../../features/auth/api/switch-organisation';

/**
 * The working organisation of a contractor or auditor that serves several. After a switch the
 * user goes home: the screen they were on may belong to the other organisation; `onSwitched`
 * then closes the phone's side menu, as a menu item does.
 */
export function OrganisationSwitcher({
  profile,
  id,
  sx,
  onSwitched,
}: {
  profile: Profile;
  id: string;
  sx?: SxProps<Theme>;
  onSwitched?: () => void;
}) {
  const navigate = useNavigate();
  const switcher = useSwitchOrganisation();
  const current = workingOrganisationId(profile);
  const value = profile.organisations.some((o) => o._id === current) ? current : '';

  return (
    <TextField
      select
      id={id}
      size="small"
      variant="filled"
      margin="none"
      label={navMessages.switchOrganisation}
      value={value ?? ''}
      disabled={switcher.isPending}
      onChange={(event) => {
        const companyId = event.target.value;
        if (companyId && companyId !== current) {
          switcher.mutate(companyId, {
            onSuccess: (updated) => {
              void navigate(homeRoute(updated.type));
              onSwitched?.();
            },
          });
        }
      }}
      sx={sx}
    >
      {profile.organisations.map((organisation) => (
        <MenuItem key={organisation._id} value={organisation._id}>
          {organisation.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
