import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { twoFactorMessages as t } from '@palisade/domain/auth/two-factor.messages';
import { SectionCard } from '../../../components/section-card';
import { useSecuritySettings, useUpdateSecuritySettings } from '../api/security-settings';

/** The organisation admin's Settings (issue 59): require two-factor of its admins and auditors. */
export function TwoFactorSettingsCard() {
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  const checked = update.isPending
    ? update.variables.requireTwoFactor
    : (settings.data?.requireTwoFactor ?? false);
  return (
    <SectionCard title={t.settingsTitle}>
      {settings.isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={checked}
                disabled={update.isPending || !settings.data}
                onChange={(event) =>
                  settings.data &&
                  update.mutate({
                    requireTwoFactor: event.target.checked,
                    version: settings.data.version,
                  })
                }
                slotProps={{ input: { 'aria-describedby': 'require-two-factor-help' } }}
              />
            }
            label={t.requireSwitch}
          />
          <FormHelperText id="require-two-factor-help">{t.requireHelp}</FormHelperText>
        </>
      )}
    </SectionCard>
  );
}
