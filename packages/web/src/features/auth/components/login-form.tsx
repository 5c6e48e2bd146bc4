import { lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { SignInInput } from '@palisade/domain/auth/auth.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { TwoFactorChallenge } from '@palisade/domain/auth/two-factor.schema';
import { coreMessages } from '@palisade/domain/messages-core';
import { translateText } from '@palisade/domain/i18n/catalogue';
import { FormTextField } from '../../../components/form-text-field';
import { PasswordField } from '../../../components/password-field';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { showError } from '../../../lib/notifier';
import { loadOnce } from '../../../lib/load-once';
import { getRememberedEmail } from '../../../lib/remembered-email';
import { signIn } from '../api/sign-in';
import { AuthLayout } from './auth-layout';
import { useSsoSignIn } from './sso-sign-in';
import { ssoSignInMessages } from '@palisade/domain/sso/sso-sign-in.messages';

const t = coreMessages.auth;

/** Single sign-on's hint and button (issue 59): loaded only for a domain that uses it. */
const SsoChoice = lazy(() => import('./sso-choice').then((m) => ({ default: m.SsoChoice })));

/** The two-factor step (issue 59): loaded only by a sign-in that needs it, not with the page. */
const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/**
 * zod and the sign-in schema load beside the form, not in front of it: the sign-in page is the
 * first screen of every visit and zod is a large part of its weight (issue 25: / within 140 kB).
 * The load starts with the first change to a field (typing or a password manager's fill), so a
 * submit rarely waits for it; a submit of a remembered email alone starts it too.
 */
const loadSignInSchema = loadOnce(() =>
  import('@palisade/domain/auth/auth.schema').then((module) => module.signInSchema),
);

/**
 * The first message of each field, in the order the schema reports them, in the screens' language
 * (issue 60: the schema's messages were made in English when its module loaded).
 */
async function validate(values: SignInInput): Promise<{ data?: SignInInput; errors: FieldErrors }> {
  const parsed = (await loadSignInSchema()).safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined)
      errors[field] = translateText(issue.message);
  }
  return { errors };
}

/**
 * The sign-in form: validated by the domain's signInSchema (the server's own), wrong credentials in
 * the Error dialog. It knows neither the router nor the query library, so the sign-in page can be
 * shown before they load (app/boot.tsx); whoever renders it decides where a signed-in user goes
 * (`onSignedIn`) and how the Forgot password link navigates (`forgotLink`).
 */
export function LoginForm({
  onSignedIn,
  forgotLink,
  notice,
}: {
  onSignedIn: (profile: Profile) => void;
  forgotLink: ReactNode;
  /** Shown above the fields (the app's sign-in page: a session that ended, issue 56). */
  notice?: ReactNode;
}) {
  useDocumentTitle(coreMessages.pages.login);
  const [remembered] = useState(getRememberedEmail);
  const [values, setValues] = useState<SignInInput>({
    email: remembered,
    password: '',
    rememberMe: remembered !== '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Single sign-on (issue 59): the e-mail's domain may sign in at its organisation's provider.
  const sso = useSsoSignIn(values.email);
  /** After the first submit, a field is checked again as it changes (as react-hook-form does). */
  const change = (next: SignInInput) => {
    loadSignInSchema().catch(() => undefined);
    setValues(next);
    if (submitted)
      void validate(next).then(
        (result) => setErrors(result.errors),
        () => undefined,
      );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || sso.pending) return;
    setSubmitted(true);
    try {
      const result = await validate(values);
      if ((await sso.check(values.email))?.required) {
        // No password for this domain: only the e-mail is checked, then off to the provider.
        setErrors({ email: result.errors.email });
        if (result.errors.email !== undefined) emailRef.current?.focus();
        else await sso.go(values.email, values.rememberMe ?? false);
        return;
      }
      setErrors(result.errors);
      if (!result.data) {
        (result.errors.email !== undefined ? emailRef : passwordRef).current?.focus();
        return;
      }
      setPending(true);
      // Stays pending on success: the page is replaced by the user's home.
      const reply = await signIn(result.data);
      if ('twoFactorRequired' in reply) {
        setPending(false);
        setChallenge(reply);
        return;
      }
      onSignedIn(reply);
    } catch (error) {
      setPending(false);
      // Refused as its domain requires single sign-on: the form switches to it, and says why.
      sso.refused(values.email, error);
      showError(errorMessage(error));
    }
  };

  if (challenge) {
    return (
      <Suspense fallback={<AuthLayout title={t.signInTitle}>{null}</AuthLayout>}>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={onSignedIn}
          onCancel={() => {
            setChallenge(null);
            setValues({ ...values, password: '' });
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthLayout title={t.signInTitle} subtitle={t.signInSubtitle}>
      {notice}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 1 }}>
        <FormTextField
          name="email"
          value={values.email}
          onChange={(event) => change({ ...values, email: event.target.value })}
          inputRef={emailRef}
          label={t.emailAddress}
          type="email"
          autoComplete="username"
          autoFocus={remembered === ''}
          onBlur={() => void sso.check(values.email)}
          error={errors.email !== undefined}
          helperText={errors.email}
        />
        {!sso.required && (
          <PasswordField
            name="password"
            value={values.password}
            onChange={(event) => change({ ...values, password: event.target.value })}
            inputRef={passwordRef}
            label={t.password}
            autoComplete="current-password"
            autoFocus={remembered !== ''}
            error={errors.password !== undefined}
            helperText={errors.password}
          />
        )}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <FormControlLabel
            label={t.rememberMe}
            control={
              <Checkbox
                name="rememberMe"
                checked={values.rememberMe ?? false}
                onChange={(event) => change({ ...values, rememberMe: event.target.checked })}
              />
            }
          />
          {forgotLink}
        </Box>
        {sso.reply?.sso && (
          <Suspense fallback={null}>
            <SsoChoice sso={sso} onContinue={() => void sso.go(values.email, values.rememberMe ?? false)} />
          </Suspense>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={pending || (sso.required && sso.pending)}
          sx={{ mt: 2 }}
        >
          {sso.required ? ssoSignInMessages.continueWithSso : t.signIn}
        </Button>
      </Box>
    </AuthLayout>
  );
}
