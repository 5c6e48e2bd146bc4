import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { notificationMessages } from '@palisade/domain/notifications/notification.messages';
import {
  useNotificationPreferences,
  useUpdateNotificationPreference,
} from '../api/notification-preferences';

const t = notificationMessages;

/** Settings: per event kind, e-mail on or off (in-app notifications are always on). */
export function NotificationKindsCard({ emailEnabled }: { emailEnabled: boolean }) {
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreference();

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="notification-kinds-title" component="h2" variant="h6" sx={{ mb: 0.5 }}>
          {t.settingsTitle}
        </Typography>
        <FormHelperText id="notification-kinds-help" sx={{ mb: 1 }}>
          {t.settingsHelp}
        </FormHelperText>
        {prefs.isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : (
          <FormGroup
            role="group"
            aria-labelledby="notification-kinds-title"
            aria-describedby="notification-kinds-help"
          >
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
