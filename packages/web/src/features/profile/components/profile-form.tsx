import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  localPhone,
  updateProfileSchema,
  type Profile,
} from '@palisade/domain/auth/profile.schema';
import { profileMessages } from '@palisade/domain/messages/profile';
import { webMessages } from '@palisade/domain/messages/web';
import { SectionCard } from '../../../components/section-card';
import { FormTextField } from '../../../components/form-text-field';
import { muiField } from '../../../lib/forms';
import { useUpdateProfile } from '../api/update-profile';

const t = profileMessages;

function formValues(profile: Profile) {
  return {
    name: profile.name,
    phoneNo: localPhone(profile.phoneNo),
    location: profile.location ?? '',
  };
}

/** Edits the fields a user may change of their own profile (updateProfileSchema). */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(updateProfileSchema), defaultValues: formValues(profile) });

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, { onSuccess: (saved) => reset(formValues(saved)) }),
  );

  return (
    <SectionCard title={webMessages.editProfile}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormTextField
          {...muiField(register('name'))}
          label={t.name}
          autoComplete="name"
          required
          error={errors.name !== undefined}
          helperText={errors.name?.message}
        />
        <FormTextField
          {...muiField(register('phoneNo'))}
          label={t.phone}
          type="tel"
          autoComplete="tel-national"
          inputProps={{ inputMode: 'numeric', maxLength: 10 }}
          error={errors.phoneNo !== undefined}
          helperText={errors.phoneNo?.message ?? webMessages.phoneHelp}
        />
        <FormTextField
          {...muiField(register('location'))}
          label={t.location}
          error={errors.location !== undefined}
          helperText={errors.location?.message}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" loading={update.isPending} disabled={!isDirty}>
            {t.save}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
