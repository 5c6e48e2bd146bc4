import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TwoFactorSetup } from '@palisade/domain/auth/two-factor.schema';
import { twoFactorMessages as t } from '@palisade/domain/auth/two-factor.messages';
import { isRecoveryCode, isTotpCode } from '@palisade/domain/auth/two-factor.rules';
import { FormTextField } from '../../../components/form-text-field';
import { SectionCard } from '../../../components/section-card';
import { RecoveryCodesView } from '../../../components/two-factor/recovery-codes-view';
import { TwoFactorSetupView } from '../../../components/two-factor/two-factor-setup-view';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor';

/** A code field with its own check (six digits; a recovery code too where `recovery`). */
function CodeForm({
  label,
  submitLabel,
  recovery,
  pending,
  onSubmit,
  onCancel,
  destructive = false,
}: {
  label: string;
  submitLabel: string;
  recovery: boolean;
  pending: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  destructive?: boolean;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const check = (value: string) => {
    if (value.trim() === '') return t.codeRequired;
    if (isTotpCode(value) || (recovery && isRecoveryCode(value))) return undefined;
    return recovery ? t.codeInvalidFormat : t.totpCodeInvalidFormat;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check(code);
    setError(problem);
    if (!problem) onSubmit(code);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 360 }}>
      <FormTextField
        name="code"
        label={label}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (error !== undefined) setError(check(event.target.value));
        }}
        autoComplete="one-time-code"
        autoFocus
        error={error !== undefined}
        helperText={error}
        inputProps={
          recovery ? { spellCheck: false, maxLength: 40 } : { inputMode: 'numeric', maxLength: 7 }
        }
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          loading={pending}
        >
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={pending}>
          {t.cancel}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The Account page's two-factor card (issue 59): set it up (QR code, the secret as text, a first
 * code), see the recovery codes once, and turn it off with a current code (not while the
 * organisation requires it).
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);

  let body;
  if (codes) {
    body = <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} heading="h3" />;
  } else if (status.isPending) {
    body = <Skeleton variant="rounded" height={64} />;
  } else if (!status.data) {
    body = null;
  } else if (setup) {
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TwoFactorSetupView setup={setup} />
        <Typography variant="body2">{t.confirmCodeHelp}</Typography>
        <CodeForm
          label={t.codeLabel}
          submitLabel={t.turnOn}
          recovery={false}
          pending={confirm.isPending}
          onCancel={() => setSetup(null)}
          onSubmit={(code) =>
            confirm.mutate(
              { code },
              {
                onSuccess: (reply) => {
                  setSetup(null);
                  setCodes(reply.recoveryCodes);
                },
              },
            )
          }
        />
      </Box>
    );
  } else if (status.data.enabled) {
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success">
          {t.cardOn(status.data.recoveryCodesLeft)} {status.data.required ? t.cardRequired : ''}
        </Alert>
        {turningOff ? (
          <>
            <Typography variant="body2">{t.turnOffHelp}</Typography>
            <CodeForm
              label={t.codeLabel}
              submitLabel={t.turnOff}
              recovery
              destructive
              pending={disable.isPending}
              onCancel={() => setTurningOff(false)}
              onSubmit={(code) =>
                disable.mutate({ code }, { onSuccess: () => setTurningOff(false) })
              }
            />
          </>
        ) : (
          !status.data.required && (
            <Box>
              <Button variant="outlined" color="error" onClick={() => setTurningOff(true)}>
                {t.turnOff}
              </Button>
            </Box>
          )
        )}
      </Box>
    );
  } else {
    body = (
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
          {t.cardOff} {status.data.required ? t.cardRequired : ''}
        </Typography>
        <Button
          variant="contained"
          loading={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
        >
          {t.setUp}
        </Button>
      </Box>
    );
  }

  return <SectionCard title={t.cardTitle}>{body}</SectionCard>;
}
