import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TwoFactorSetup } from '@palisade/domain/auth/two-factor.schema';
import { formatSecret } from '@palisade/domain/auth/two-factor.rules';
import { twoFactorMessages as t } from '@palisade/domain/auth/two-factor.messages';

/**
 * The secret of a two-factor set-up (issue 59): the QR code for an authenticator app, and the same
 * secret as text for typing by hand. Used at sign-in (a required set-up) and on the Account page.
 */
export function TwoFactorSetupView({ setup }: { setup: TwoFactorSetup }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
      <Typography variant="body2">{t.scanQr}</Typography>
      <Box
        component="img"
        src={setup.qrDataUrl}
        alt={t.qrAlt}
        width={180}
        height={180}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white', p: 0.5 }}
      />
      <Typography variant="body2" id="two-factor-secret-label">
        {t.orEnterSecret}
      </Typography>
      <Typography
        component="code"
        aria-labelledby="two-factor-secret-label"
        data-secret={setup.secret}
        data-testid="two-factor-secret"
        sx={{
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
          px: 1,
          py: 0.5,
          wordBreak: 'break-all',
          userSelect: 'all',
        }}
      >
        {formatSecret(setup.secret)}
      </Typography>
    </Box>
  );
}
