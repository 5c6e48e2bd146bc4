import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordFormSchema } from '@palisade/domain/auth/auth.schema';
import { coreMessages } from '@palisade/domain/messages-core';
import { webMessages } from '@palisade/domain/messages/web';
import { useDocumentTitle } from '../../../lib/document-title';
import { PasswordField } from '../../../components/password-field';
import { Splash } from '../../../components/splash';
import { muiField } from '../../../lib/forms';
import { showError } from '../../../lib/notifier';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { AuthLayout } from '../components/auth-layout';

const t = coreMessages.auth;

/**
 * /reset_password?oobCode=…&continueUrl=…: checks the link first, then takes the new password.
 * continueUrl is not followed: the user always lands on the sign-in page, so a crafted link cannot
 * send anyone elsewhere.
 */
export function ResetPasswordPage() {
  useDocumentTitle(coreMessages.pages.resetPassword);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const oobCode = params.get('oobCode') ?? '';
  const verify = useVerifyResetCode(oobCode);
  const linkBroken = oobCode === '' || verify.isError;

  useEffect(() => {
    if (!linkBroken) return;
    showError(t.resetLinkInvalid);
    void navigate('/', { replace: true });
  }, [linkBroken, navigate]);

  if (linkBroken || !verify.data) return <Splash />;
  return (
    <ResetPasswordForm
      oobCode={oobCode}
      email={verify.data.email}
      onDone={() => void navigate('/', { replace: true })}
    />
  );
}

export function ResetPasswordForm({
  oobCode,
  email,
  onDone,
}: {
  oobCode: string;
  email: string;
  onDone: () => void;
}) {
  const confirm = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ newPassword }) =>
    confirm.mutate({ oobCode, newPassword }, { onSuccess: onDone }),
  );

  return (
    <AuthLayout title={t.resetPasswordTitle} subtitle={webMessages.resetPasswordFor(email)}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 1 }}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          {...muiField(register('newPassword'))}
          label={t.newPassword}
          autoComplete="new-password"
          autoFocus
          error={errors.newPassword !== undefined}
          helperText={errors.newPassword?.message}
        />
        <PasswordField
          {...muiField(register('confirmPassword'))}
          label={t.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmPassword !== undefined}
          helperText={errors.confirmPassword?.message}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={confirm.isPending}
          sx={{ mt: 2 }}
        >
          {t.changePassword}
        </Button>
        <Typography sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/">
            {t.signIn}
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
