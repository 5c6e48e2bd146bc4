import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { navMessages } from '@palisade/domain/messages/nav';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { createTpiSchema, type CreateTpiInput } from '@palisade/domain/users/accounts.schema';
import { Page } from '../../../components/page';
import { SectionCard } from '../../../components/section-card';
import { useCreateAuditor } from '../api/create-tpi';
import { useUploadAuditorImage } from '../api/upload-tpi-image';
import { auditorCreateFields } from '../auditor-fields';
import { AccountFields } from '../components/account-fields';
import { AccountFormLayout } from '../components/account-form-layout';
import { AccountImageCard } from '../components/account-image-card';
import { FormButtons } from '../components/form-buttons';
import { USERS_PATHS } from '../users-paths';

const t = userScreensMessages;
const EMPTY: CreateTpiInput = { name: '', email: '', contactPersonName: '', code: '', phoneNo: '' };

/** /sapphire/Add_Auditor: creates the auditor (the server mails the invitation), then its image. */
export function AddAuditorPage() {
  const navigate = useNavigate();
  const create = useCreateAuditor();
  const upload = useUploadAuditorImage();
  const [image, setImage] = useState<File | null>(null);
  const form = useForm({ resolver: zodResolver(createTpiSchema), defaultValues: EMPTY });
  const busy = create.isPending || upload.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    // Failures reach the Error dialog through the query client; the form stays as typed.
    const auditor = await create.mutateAsync(values).catch(() => null);
    if (!auditor) return;
    // The account exists even if its picture is refused: the list is the right place either way.
    if (image) await upload.mutateAsync({ tpiId: auditor._id, file: image }).catch(() => null);
    await navigate(USERS_PATHS.auditors);
  });

  return (
    <Page
      title={t.addAuditor}
      breadcrumbs={[
        { label: navMessages.users, to: USERS_PATHS.auditors },
        { label: t.addAuditor },
      ]}
    >
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
            <AccountFields form={form} fields={auditorCreateFields()} disabled={busy} />
            <FormButtons cancelTo={USERS_PATHS.auditors} submitLabel={t.add} loading={busy} />
          </Box>
        </SectionCard>
      </AccountFormLayout>
    </Page>
  );
}
