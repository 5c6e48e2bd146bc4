import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '@palisade/domain/constants';
import { notificationMessages } from '@palisade/domain/notifications/notification.messages';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@palisade/domain/notifications/notification.rules';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useUnsubscribe } from '../api/unsubscribe';

const t = notificationMessages;

/** The kind a token names, read from its (signed, not secret) payload, to say what stops. */
export function kindOfToken(token: string): NotificationKind | null {
  try {
    const payload = token.split('.')[0] ?? '';
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const k = typeof json === 'object' && json !== null && 'k' in json ? json.k : null;
    return typeof k === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(k)
      ? (k as NotificationKind)
      : null;
  } catch {
    return null;
  }
}

/**
 * /unsubscribe?token=…: the link of every notification mail. It works signed out; the button
 * (not the visit, which mail scanners make) turns that kind's mails off.
 */
export function UnsubscribePage() {
  useDocumentTitle(t.unsubscribeTitle);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind = kindOfToken(token);
  const unsubscribe = useUnsubscribe();
  const label = kind ? t.kindLabels[kind] : null;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography sx={{ color: 'primary.main', fontWeight: 700, fontSize: '1.25rem', mb: 1 }}>
            {PRODUCT_NAME}
          </Typography>
          <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
            {t.unsubscribeTitle}
          </Typography>
          {label === null ? (
            <Alert severity="error">{t.unsubscribeBadToken}</Alert>
          ) : unsubscribe.isSuccess ? (
            <Alert severity="success">{t.unsubscribed(t.kindLabels[unsubscribe.data.kind])}</Alert>
          ) : (
            <>
              <Typography sx={{ mb: 2 }}>{t.unsubscribeAsk(label)}</Typography>
              {unsubscribe.isError && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {errorMessage(unsubscribe.error)}
                </Alert>
              )}
              <Button
                variant="contained"
                loading={unsubscribe.isPending}
                onClick={() => unsubscribe.mutate(token)}
              >
                {t.unsubscribeButton}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
