import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type {
  ChallengeEnrolReply,
  TwoFactorChallenge,
  TwoFactorSetup,
} from '@palisade/domain/auth/two-factor.schema';
import { twoFactorMessages as t } from '@palisade/domain/auth/two-factor.messages';
import { isRecoveryCode, isTotpCode } from '@palisade/domain/auth/two-factor.rules';
import { RecoveryCodesView } from '../../../components/two-factor/recovery-codes-view';
import { TwoFactorSetupView } from '../../../components/two-factor/two-factor-setup-view';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { showError } from '../../../lib/notifier';
import {
  confirmRequiredEnrolment,
  startRequiredEnrolment,
  verifyTwoFactor,
} from '../api/two-factor-sign-in';
import { AuthLayout } from './auth-layout';
import { TwoFactorCodeField } from './two-factor-code-field';

/** The code's own check, before it is sent: six digits, or a recovery code where one is taken. */
function codeError(code: string, recovery: boolean): string | undefined {
  if (code.trim() === '') return t.codeRequired;
  if (recovery) return isRecoveryCode(code) || isTotpCode(code) ? undefined : t.codeInvalidFormat;
  return isTotpCode(code) ? undefined : t.totpCodeInvalidFormat;
}

/**
 * The sign-in's second step (issue 59), after a right password: the code of the authenticator app
 * (or a recovery code); or, where the organisation requires two-factor of a user without it, its
 * set-up first (QR code and secret, a first code, then the recovery codes shown once). Loaded only
 * when a sign-in needs it, and, like the form before it, without the router or the query library.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onCancel,
}: {
  challenge: TwoFactorChallenge;
  onSignedIn: (profile: Profile) => void;
  onCancel: () => void;
}) {
  useDocumentTitle(challenge.enrol ? t.enrolTitle : t.stepTitle);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [done, setDone] = useState<ChallengeEnrolReply | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!challenge.enrol) return;
    let live = true;
    startRequiredEnrolment(challenge.challenge).then(
      (s) => {
        if (live) setSetup(s);
      },
      (e: unknown) => showError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [challenge]);

  const change = (next: string) => {
    setCode(next);
    if (submitted) setError(codeError(next, recovery));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const problem = codeError(code, recovery && !challenge.enrol);
    setError(problem);
    if (problem) {
      codeRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      if (challenge.enrol) {
        setDone(await confirmRequiredEnrolment({ challenge: challenge.challenge, code }));
        setPending(false);
      } else {
        // Stays pending on success: the page is replaced by the user's home.
        onSignedIn(await verifyTwoFactor({ challenge: challenge.challenge, code }));
      }
    } catch (e) {
      setPending(false);
      setCode('');
      showError(errorMessage(e));
      codeRef.current?.focus();
    }
  };

  if (done) {
    return (
      <AuthLayout title={t.enrolTitle}>
        <Box sx={{ mt: 2 }}>
          <RecoveryCodesView codes={done.recoveryCodes} onDone={() => onSignedIn(done.profile)} />
        </Box>
      </AuthLayout>
    );
  }

  const back = (
    <Link component="button" type="button" variant="body2" onClick={onCancel}>
      {t.backToSignIn}
    </Link>
  );

  if (challenge.enrol) {
    return (
      <AuthLayout title={t.enrolTitle} subtitle={t.enrolSubtitle}>
        <Box sx={{ mt: 2 }}>
          {setup ? (
            <TwoFactorSetupView setup={setup} />
          ) : (
            <Box
              sx={{ display: 'flex', justifyContent: 'center', py: 4 }}
              role="status"
              aria-label={t.enrolTitle}
            >
              <CircularProgress />
            </Box>
          )}
        </Box>
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 2 }}>
          <Box component="p" sx={{ m: 0, typography: 'body2' }}>
            {t.confirmCodeHelp}
          </Box>
          <TwoFactorCodeField
            value={code}
            onChange={change}
            label={t.codeLabel}
            error={error}
            inputRef={codeRef}
            autoFocus={false}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={pending}
            disabled={!setup}
            sx={{ mt: 2 }}
          >
            {t.turnOn}
          </Button>
          <Box sx={{ mt: 2 }}>{back}</Box>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t.stepTitle} subtitle={recovery ? t.recoverySubtitle : t.stepSubtitle}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 1 }}>
        <TwoFactorCodeField
          key={recovery ? 'recovery' : 'app'}
          value={code}
          onChange={change}
          label={recovery ? t.recoveryCodeLabel : t.codeLabel}
          recovery={recovery}
          error={error}
          inputRef={codeRef}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={pending}
          sx={{ mt: 2 }}
        >
          {t.verify}
        </Button>
        <Box
          sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setError(undefined);
              setSubmitted(false);
            }}
          >
            {recovery ? t.useAppCode : t.useRecoveryCode}
          </Link>
          {back}
        </Box>
      </Box>
    </AuthLayout>
  );
}
