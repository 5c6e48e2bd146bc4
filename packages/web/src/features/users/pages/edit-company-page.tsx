import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Box from '@mui/material/Box';
import { Navigate, useNavigate } from 'react-router';
import { localPhone } from '@palisade/domain/auth/profile.schema';
import { navMessages } from '@palisade/domain/messages/nav';
import { profileMessages } from '@palisade/domain/messages/profile';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { companyEditFormSchema } from '@palisade/domain/users/accounts.schema';
import { Page } from '../../../components/page';
import { SectionCard } from '../../../components/section-card';
import type { Company } from '../api/account-types';
import { useEditCompany } from '../api/edit-contractor';
import { useCompany } from '../api/get-contractor-by-id';
import { useUploadCompanyImage } from '../api/upload-contractor-image';
import { changedValues } from '../changed-values';
import { companyEditFields } from '../company-fields';
import { AccountFields } from '../components/account-fields';
import { AccountFormLayout } from '../components/account-form-layout';
import { AccountImageCard } from '../components/account-image-card';
import { AccountLoader } from '../components/account-loader';
import { FormButtons } from '../components/form-buttons';
import { useAccountId } from '../use-account-id';
import { USERS_PATHS } from '../users-paths';

const t = userScreensMessages;

function formValues(company: Company) {
  return {
    name: company.name,
    location: company.location ?? '',
    emailid: company.emailid,
    contactPersonName: company.contactPersonName ?? '',
    code: company.code ?? '',
    mobile: localPhone(company.mobile),
  };
}

/** The edit form: every field required (spec §5); only the changed ones are sent. */
export function EditCompanyForm({ company }: { company: Company }) {
  const navigate = useNavigate();
  const edit = useEditCompany();
  const upload = useUploadCompanyImage({ successMessage: profileMessages.imageUpdated });
  const form = useForm({
    resolver: zodResolver(companyEditFormSchema),
    defaultValues: formValues(company),
  });

  const onSubmit = form.handleSubmit((values) =>
    edit.mutate(
      { contractorId: company._id, updateData: changedValues(values, form.formState.dirtyFields) },
      { onSuccess: () => void navigate(USERS_PATHS.companies) },
    ),
  );

  return (
    <AccountFormLayout
      image={
        <AccountImageCard
          mode="upload"
          name={company.name}
          src={company.profileImage?.fileLink}
          onPick={(file) => upload.mutate({ contractorId: company._id, file })}
          loading={upload.isPending}
        />
      }
    >
      <SectionCard title={t.details}>
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <AccountFields form={form} fields={companyEditFields()} />
          <FormButtons
            cancelTo={USERS_PATHS.companies}
            submitLabel={t.save}
            loading={edit.isPending}
            disabled={!form.formState.isDirty}
          />
        </Box>
      </SectionCard>
    </AccountFormLayout>
  );
}

/** /sapphire/EditCompany?id=… */
export function EditCompanyPage() {
  const id = useAccountId();
  if (!id) return <Navigate to={USERS_PATHS.companies} replace />;
  return <EditCompany id={id} />;
}

function EditCompany({ id }: { id: string }) {
  const company = useCompany(id);
  const title = webMessages.titles.editCompany;
  return (
    <Page
      title={title}
      breadcrumbs={[
        { label: navMessages.users, to: USERS_PATHS.auditors },
        { label: webMessages.titles.companies, to: USERS_PATHS.companies },
        { label: title },
      ]}
    >
      <AccountLoader query={company}>{(data) => <EditCompanyForm company={data} />}</AccountLoader>
    </Page>
  );
}
