import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { twoFactorMessages as t } from '@palisade/domain/auth/two-factor.messages';

/** The ten recovery codes, shown once when two-factor is turned on (issue 59). */
export function RecoveryCodesView({
  codes,
  onDone,
  heading = 'h2',
}: {
  codes: readonly string[];
  onDone: () => void;
  /** The heading's level: under the page's h1 (sign-in), or under a card's h2 (Account page). */
  heading?: 'h2' | 'h3';
}) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h2" component={heading} sx={{ fontSize: '1.125rem' }}>
        {t.recoveryCodesTitle}
      </Typography>
      <Alert severity="warning">{t.recoveryCodesHelp}</Alert>
      <Box
        component="ul"
        aria-label={t.recoveryCodesListLabel}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 1.5,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={copy}>
          {copied ? t.codesCopied : t.copyCodes}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t.savedCodes}
        </Button>
      </Box>
    </Box>
  );
}
