import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { messages } from '@palisade/domain/messages';
import { useNotificationPreferences, useUpdateNotificationPreference } from '../api/notification-preferences';

const t = messages.notifications;

/** Settings: per event kind, e-mail on or off (in-app notifications are always on). */
export function NotificationKindsCard({ emailEnabled }: { emailEnabled: boolean }) {
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreference();

  return (
    <Card>
      <CardHeader title={t.settingsTitle} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, px: { xs: 2, sm: 3 } }}>
        <FormHelperText id="notification-kinds-help" sx={{ mb: 1 }}>
          {t.settingsHelp}
        </FormHelperText>
        {prefs.isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : (
          <FormGroup aria-describedby="notification-kinds-help">
            {(prefs.data?.kinds ?? []).map(({ kind, email }) => {
              const pending = update.isPending && update.variables.kind === kind;
              return (
                <FormControlLabel
                  key={kind}
                  control={
                    <Switch
                      checked={pending ? update.variables.email : email}
                      disabled={!emailEnabled || pending}
                      onChange={(event) => update.mutate({ kind, email: event.target.checked })}
                    />
                  }
                  label={t.kindLabels[kind]}
                />
              );
            })}
          </FormGroup>
        )}
      </CardContent>
    </Card>
  );
}
