import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Box from '@mui/material/Box';
import { Navigate, useNavigate } from 'react-router';
import { localPhone } from '@palisade/domain/auth/profile.schema';
import { navMessages } from '@palisade/domain/messages/nav';
import { profileMessages } from '@palisade/domain/messages/profile';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { auditorEditFormSchema } from '@palisade/domain/users/accounts.schema';
import { Page } from '../../../components/page';
import { SectionCard } from '../../../components/section-card';
import type { Auditor } from '../api/account-types';
import { useEditAuditor } from '../api/edit-tpi';
import { useAuditor } from '../api/get-tpi-by-id';
import { useUploadAuditorImage } from '../api/upload-tpi-image';
import { auditorEditFields } from '../auditor-fields';
import { changedValues } from '../changed-values';
import { AccountFields } from '../components/account-fields';
import { AccountFormLayout } from '../components/account-form-layout';
import { AccountImageCard } from '../components/account-image-card';
import { AccountLoader } from '../components/account-loader';
import { FormButtons } from '../components/form-buttons';
import { useAccountId } from '../use-account-id';
import { USERS_PATHS } from '../users-paths';

const t = userScreensMessages;

function formValues(auditor: Auditor) {
  return {
    name: auditor.name,
    email: auditor.email,
    contactPersonName: auditor.contactPersonName ?? '',
    code: auditor.code ?? '',
    phoneNo: localPhone(auditor.phoneNo),
  };
}

/** The edit form: every field required; only the changed ones are sent. */
export function EditAuditorForm({ auditor }: { auditor: Auditor }) {
  const navigate = useNavigate();
  const edit = useEditAuditor();
  const upload = useUploadAuditorImage({ successMessage: profileMessages.imageUpdated });
  const form = useForm({
    resolver: zodResolver(auditorEditFormSchema),
    defaultValues: formValues(auditor),
  });

  const onSubmit = form.handleSubmit((values) =>
    edit.mutate(
      { tpiId: auditor._id, updateData: changedValues(values, form.formState.dirtyFields) },
      { onSuccess: () => void navigate(USERS_PATHS.auditors) },
    ),
  );

  return (
    <AccountFormLayout
      image={
        <AccountImageCard
          mode="upload"
          name={auditor.name}
          src={auditor.profileImage?.fileLink}
          onPick={(file) => upload.mutate({ tpiId: auditor._id, file })}
          loading={upload.isPending}
        />
      }
    >
      <SectionCard title={t.details}>
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <AccountFields form={form} fields={auditorEditFields()} />
          <FormButtons
            cancelTo={USERS_PATHS.auditors}
            submitLabel={t.save}
            loading={edit.isPending}
            disabled={!form.formState.isDirty}
          />
        </Box>
      </SectionCard>
    </AccountFormLayout>
  );
}

/** /sapphire/EditAuditor?id=… */
export function EditAuditorPage() {
  const id = useAccountId();
  if (!id) return <Navigate to={USERS_PATHS.auditors} replace />;
  return <EditAuditor id={id} />;
}

function EditAuditor({ id }: { id: string }) {
  const auditor = useAuditor(id);
  const title = webMessages.titles.editAuditor;
  return (
    <Page
      title={title}
      breadcrumbs={[{ label: navMessages.users, to: USERS_PATHS.auditors }, { label: title }]}
    >
      <AccountLoader query={auditor}>{(data) => <EditAuditorForm auditor={data} />}</AccountLoader>
    </Page>
  );
}
