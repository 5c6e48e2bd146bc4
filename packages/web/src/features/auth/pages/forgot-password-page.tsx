import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { forgotPasswordSchema } from '@palisade/domain/auth/auth.schema';
import { coreMessages } from '@palisade/domain/messages-core';
import { useDocumentTitle } from '../../../lib/document-title';
import { FormTextField } from '../../../components/form-text-field';
import { muiField } from '../../../lib/forms';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showError } from '../../../lib/notifier';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';

const t = coreMessages.auth;

/**
 * /Forgot_Password: asks for the reset link. The success text comes from the call's meta; the
 * server's answers (400 "Email not found", a too frequent ask) reach the Error dialog with its
 * message; a failure with no answer (network, 5xx) says "Technical problem. Please try again
 * later" and goes back to / (spec §10).
 */
export function ForgotPasswordPage() {
  useDocumentTitle(coreMessages.pages.forgotPassword);
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: () => void navigate('/', { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          showError(errorMessage(error));
          return;
        }
        showError(coreMessages.common.technicalProblem);
        void navigate('/', { replace: true });
      },
    }),
  );

  return (
    <AuthLayout title={t.forgotPasswordTitle} subtitle={t.forgotPasswordSubtitle}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 1 }}>
        <FormTextField
          {...muiField(register('email'))}
          label={t.emailAddress}
          type="email"
          autoComplete="email"
          autoFocus
          error={errors.email !== undefined}
          helperText={errors.email?.message}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={forgot.isPending}
          sx={{ mt: 2 }}
        >
          {t.sendEmail}
        </Button>
        <Typography sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/">
            {t.signInLink}
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
