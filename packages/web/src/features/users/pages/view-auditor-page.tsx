import Button from '@mui/material/Button';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, Navigate } from 'react-router';
import { navMessages } from '@palisade/domain/messages/nav';
import { profileMessages } from '@palisade/domain/messages/profile';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { Page } from '../../../components/page';
import type { Auditor } from '../api/account-types';
import { useAuditor } from '../api/get-tpi-by-id';
import { useUploadAuditorImage } from '../api/upload-tpi-image';
import { AccountDetails } from '../components/account-details';
import { TwoFactorResetCard } from '../components/two-factor-reset-card';
import { AccountFormLayout } from '../components/account-form-layout';
import { AccountImageCard } from '../components/account-image-card';
import { AccountLoader } from '../components/account-loader';
import { useAccountId } from '../use-account-id';
import { USERS_PATHS } from '../users-paths';

const t = userScreensMessages;

function AuditorView({ auditor }: { auditor: Auditor }) {
  const upload = useUploadAuditorImage({ successMessage: profileMessages.imageUpdated });
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
      <AccountDetails
        rows={[
          [t.auditorName, auditor.name],
          [t.emailId, auditor.email],
          [t.contactPerson, auditor.contactPersonName],
          [t.code, auditor.code],
          [t.phone, auditor.phoneNo],
          [t.status, auditor.isActive ? t.active : t.inactive],
        ]}
      />
      <TwoFactorResetCard userId={auditor._id} name={auditor.name} />
    </AccountFormLayout>
  );
}

/** /sapphire/ViewAuditor?id=…: the auditor read-only, with its profile image upload. */
export function ViewAuditorPage() {
  const id = useAccountId();
  if (!id) return <Navigate to={USERS_PATHS.auditors} replace />;
  return <ViewAuditor id={id} />;
}

function ViewAuditor({ id }: { id: string }) {
  const auditor = useAuditor(id);
  return (
    <Page
      title={webMessages.titles.viewAuditor}
      breadcrumbs={[
        { label: navMessages.users, to: USERS_PATHS.auditors },
        { label: webMessages.titles.viewAuditor },
      ]}
      actions={
        <Button
          variant="contained"
          startIcon={<EditOutlined />}
          component={RouterLink}
          to={USERS_PATHS.editAuditor(id)}
          disabled={!auditor.data?.isActive}
        >
          {t.edit}
        </Button>
      }
    >
      <AccountLoader query={auditor}>{(data) => <AuditorView auditor={data} />}</AccountLoader>
    </Page>
  );
}
