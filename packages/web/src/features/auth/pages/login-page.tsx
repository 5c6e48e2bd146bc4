import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { Link as RouterLink, Navigate } from 'react-router';
import type { SignInInput } from '@palisade/domain/auth/auth.schema';
import { messages } from '@palisade/domain/messages';
import { homeRoute } from '@palisade/domain/user-types';
import { useDocumentTitle } from '../../../components/page';
import { FormTextField } from '../../../components/form-text-field';
import { PasswordField } from '../../../components/password-field';
import { Splash } from '../../../components/splash';
import { lazyResolver, muiField } from '../../../lib/forms';
import { getRememberedEmail } from '../../../lib/remembered-email';
import { shellOfProfile, useMe } from '../../../lib/session';
import { useSignIn } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';
import { EndSessionWithoutShell } from '../components/end-session-without-shell';

const t = messages.auth;

/** / : the sign-in page. A signed-in user goes straight to the home of their type. */
export function LoginPage() {
  useDocumentTitle(messages.pages.login);
  const me = useMe();

  if (me.isPending) return <Splash />;
  const user = me.data;
  if (user) {
    return shellOfProfile(user) ? (
      <Navigate to={homeRoute(user.type)} replace />
    ) : (
      <EndSessionWithoutShell />
    );
  }
  return <LoginForm />;
}

/** zod and the sign-in schema load beside the page, not in front of it. */
const signInResolver = lazyResolver(async () => {
  const [{ zodResolver }, { signInSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@palisade/domain/auth/auth.schema'),
  ]);
  return zodResolver(signInSchema);
});

export function LoginForm() {
  const signIn = useSignIn();
  const [remembered] = useState(getRememberedEmail);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInInput, unknown, SignInInput>({
    resolver: signInResolver,
    defaultValues: { email: remembered, password: '', rememberMe: remembered !== '' },
  });

  // Success needs no handler here: the session is stored and LoginPage redirects.
  const onSubmit = handleSubmit((values) => signIn.mutate(values));

  return (
    <AuthLayout title={t.signInTitle} subtitle={t.signInSubtitle}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 1 }}>
        <FormTextField
          {...muiField(register('email'))}
          label={t.emailAddress}
          type="email"
          autoComplete="username"
          autoFocus={remembered === ''}
          error={errors.email !== undefined}
          helperText={errors.email?.message}
        />
        <PasswordField
          {...muiField(register('password'))}
          label={t.password}
          autoComplete="current-password"
          autoFocus={remembered !== ''}
          error={errors.password !== undefined}
          helperText={errors.password?.message}
        />
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <Controller
            control={control}
            name="rememberMe"
            render={({ field }) => (
              <FormControlLabel
                label={t.rememberMe}
                control={
                  <Checkbox
                    checked={field.value ?? false}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                    inputRef={field.ref}
                  />
                }
              />
            )}
          />
          <Link component={RouterLink} to="/Forgot_Password">
            {t.forgotPasswordLink}
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={signIn.isPending}
          sx={{ mt: 2 }}
        >
          {t.signIn}
        </Button>
      </Box>
    </AuthLayout>
  );
}
