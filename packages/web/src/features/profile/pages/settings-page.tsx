import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { navMessages } from '@palisade/domain/messages/nav';
import { profileMessages } from '@palisade/domain/messages/profile';
import { homeRoute, UserType } from '@palisade/domain/user-types';
import { mayCall } from '@palisade/domain/policy';
import { DataExportCard } from '../../../components/data-export/data-export-card';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { useUpdatePreferences } from '../api/update-preferences';
import { LanguageCard } from '../components/language-card';
import { NotificationKindsCard } from '../components/notification-kinds-card';
import { SsoSettingsCard } from '../components/sso-settings-card';
import { TimeZoneCard } from '../components/time-zone-card';
import { TwoFactorSettingsCard } from '../components/two-factor-settings-card';

const t = profileMessages;

/** {group}/settings: the user's preferences (e-mail notifications, and per kind of event). */
export function SettingsPage() {
  const profile = useProfile();
  const update = useUpdatePreferences();
  // Shows the choice at once; the stored profile replaces it when the call answers.
  const checked = update.isPending
    ? update.variables.emailNotifications
    : profile.emailNotifications;

  return (
    <Page
      title={t.settingsTitle}
      breadcrumbs={[
        { label: navMessages.home, to: homeRoute(profile.type) },
        { label: t.settingsTitle },
      ]}
    >
      <Stack spacing={3}>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <FormControlLabel
              control={
                <Switch
                  checked={checked}
                  disabled={update.isPending}
                  onChange={(event) => update.mutate({ emailNotifications: event.target.checked })}
                  slotProps={{ input: { 'aria-describedby': 'email-notifications-help' } }}
                />
              }
              label={t.emailNotifications}
            />
            <FormHelperText id="email-notifications-help">
              {t.emailNotificationsHelp}
            </FormHelperText>
          </CardContent>
        </Card>
        <NotificationKindsCard emailEnabled={checked} />
        {/* The user's language (issue 60). */}
        <LanguageCard />
        {/* The organisation's sign-in rules, for its admin (issue 59). */}
        {profile.type === UserType.ORGANISATION && <TwoFactorSettingsCard />}
        {/* Its time zone: the days its due dates end on (issue 60). */}
        {mayCall(profile.type, 'organisation.setTimeZone') && <TimeZoneCard />}
        {/* Its single sign-on (issue 59). */}
        {mayCall(profile.type, 'sso.getConfig') && profile.cmp_id && <SsoSettingsCard companyId={profile.cmp_id} />}
        {/* The organisation's admins export all its data (issue 61). */}
        {mayCall(profile.type, 'export.request') && <DataExportCard />}
      </Stack>
    </Page>
  );
}
