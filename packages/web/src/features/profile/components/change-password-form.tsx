import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { changePasswordFormSchema } from '@palisade/domain/auth/auth.schema';
import { coreMessages } from '@palisade/domain/messages-core';
import { PasswordField } from '../../../components/password-field';
import { SectionCard } from '../../../components/section-card';
import { muiField } from '../../../lib/forms';
import { useChangePassword } from '../api/change-password';

const t = coreMessages.auth;
const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** Changes the signed-in user's own password; the current one is required. */
export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ currentPassword, password }) =>
    change.mutate({ email, currentPassword, password }, { onSuccess: () => reset(EMPTY) }),
  );

  return (
    <SectionCard title={t.changePassword}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          {...muiField(register('currentPassword'))}
          label={t.currentPassword}
          autoComplete="current-password"
          error={errors.currentPassword !== undefined}
          helperText={errors.currentPassword?.message}
        />
        <PasswordField
          {...muiField(register('password'))}
          label={t.newPassword}
          autoComplete="new-password"
          error={errors.password !== undefined}
          helperText={errors.password?.message}
        />
        <PasswordField
          {...muiField(register('confirmPassword'))}
          label={t.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmPassword !== undefined}
          helperText={errors.confirmPassword?.message}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" loading={change.isPending}>
            {t.changePassword}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
