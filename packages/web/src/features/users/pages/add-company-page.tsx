import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { navMessages } from '@palisade/domain/messages/nav';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { usersMessages } from '@palisade/domain/messages/users';
import { webMessages } from '@palisade/domain/messages/web';
import { companyCreateFormSchema } from '@palisade/domain/users/accounts.schema';
import { Page } from '../../../components/page';
import { SectionCard } from '../../../components/section-card';
import { useCreateCompany } from '../api/create-contractor';
import { useUploadCompanyImage } from '../api/upload-contractor-image';
import { companyCreateFields } from '../company-fields';
import { AccountFields } from '../components/account-fields';
import { AccountFormLayout } from '../components/account-form-layout';
import { AccountImageCard } from '../components/account-image-card';
import { FormButtons } from '../components/form-buttons';
import { USERS_PATHS } from '../users-paths';

const t = userScreensMessages;
const EMPTY = { name: '', location: '', emailid: '', contactPersonName: '' };
/** After adding a company the product waits 2 seconds before the list (spec §2.7, §9). */
export const ADD_COMPANY_REDIRECT_MS = 2000;

/** /sapphire/add_company: creates the company (and mails its invitation), then its image. */
export function AddCompanyPage() {
  const navigate = useNavigate();
  const create = useCreateCompany();
  const upload = useUploadCompanyImage();
  const [image, setImage] = useState<File | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm({ resolver: zodResolver(companyCreateFormSchema), defaultValues: EMPTY });
  const busy = create.isPending || upload.isPending || done;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(USERS_PATHS.companies), ADD_COMPANY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    // Failures reach the Error dialog through the query client; the form stays as typed.
    const company = await create.mutateAsync(values).catch(() => null);
    if (!company) return;
    // The account exists even if its picture is refused: the list is the right place either way.
    if (image) {
      await upload.mutateAsync({ contractorId: company._id, file: image }).catch(() => null);
    }
    setDone(true);
  });

  const crumbs = [
    { label: navMessages.users, to: USERS_PATHS.auditors },
    { label: webMessages.titles.companies, to: USERS_PATHS.companies },
    { label: t.addCompany },
  ];
  return (
    <Page title={t.addCompany} breadcrumbs={crumbs}>
      <AccountFormLayout
        image={
          <AccountImageCard
            mode="choose"
            name={form.watch('name')}
            chosen={image}
            onPick={setImage}
            disabled={busy}
          />
        }
      >
        <SectionCard title={t.details}>
          <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
            <AccountFields form={form} fields={companyCreateFields()} disabled={busy} />
            {done && (
              <Alert severity="success" sx={{ mt: 2 }} role="status">
                {usersMessages.companyAdded}. {t.redirecting}
              </Alert>
            )}
            <FormButtons cancelTo={USERS_PATHS.companies} submitLabel={t.add} loading={busy} />
          </Box>
        </SectionCard>
      </AccountFormLayout>
    </Page>
  );
}
