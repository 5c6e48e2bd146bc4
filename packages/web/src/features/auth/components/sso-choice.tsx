import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ssoSignInMessages as m } from '@palisade/domain/sso/sso-sign-in.messages';
import type { SsoSignIn } from './sso-sign-in';

/**
 * Loaded by the sign-in form only once an e-mail's domain turns out to use single sign-on, so the
 * first screen of every visit does not carry it (issue 25's weight).
 */
/** The hint and, where the password stays, the button that continues at the provider instead. */
export function SsoChoice({ sso, onContinue }: { sso: SsoSignIn; onContinue: () => void }) {
  if (!sso.reply?.sso) return null;
  return (
    <>
      <Alert severity="info" role="status" sx={{ mt: 2 }}>
        {sso.required ? m.ssoRequiredHint : m.ssoOptionalHint}
      </Alert>
      {!sso.required && (
        <Button type="button" variant="outlined" size="large" fullWidth loading={sso.pending} onClick={onContinue} sx={{ mt: 2 }}>
          {m.continueWithSso}
        </Button>
      )}
    </>
  );
}
