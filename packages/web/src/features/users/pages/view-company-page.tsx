import Button from '@mui/material/Button';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, Navigate } from 'react-router';
import { navMessages } from '@palisade/domain/messages/nav';
import { profileMessages } from '@palisade/domain/messages/profile';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { Page } from '../../../components/page';
import type { Company } from '../api/account-types';
import { useCompany } from '../api/get-contractor-by-id';
import { useUploadCompanyImage } from '../api/upload-contractor-image';
import { AccountDetails } from '../components/account-details';
import { TwoFactorResetCard } from '../components/two-factor-reset-card';
import { AccountFormLayout } from '../components/account-form-layout';
import { AccountImageCard } from '../components/account-image-card';
import { AccountLoader } from '../components/account-loader';
import { useAccountId } from '../use-account-id';
import { USERS_PATHS } from '../users-paths';

const t = userScreensMessages;

function CompanyView({ company }: { company: Company }) {
  const upload = useUploadCompanyImage({ successMessage: profileMessages.imageUpdated });
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
      <AccountDetails
        rows={[
          [t.companyName, company.name],
          [t.location, company.location],
          [t.emailId, company.emailid],
          [t.contactPerson, company.contactPersonName],
          [t.code, company.code],
          [t.mobile, company.mobile],
          [t.status, company.isActive ? t.active : t.inactive],
        ]}
      />
      <TwoFactorResetCard userId={company._id} name={company.name} />
    </AccountFormLayout>
  );
}

/** /sapphire/ViewCompany?id=…: the company read-only, with its profile image upload. */
export function ViewCompanyPage() {
  const id = useAccountId();
  if (!id) return <Navigate to={USERS_PATHS.companies} replace />;
  return <ViewCompany id={id} />;
}

function ViewCompany({ id }: { id: string }) {
  const company = useCompany(id);
  const title = webMessages.titles.viewCompany;
  return (
    <Page
      title={title}
      breadcrumbs={[
        { label: navMessages.users, to: USERS_PATHS.auditors },
        { label: webMessages.titles.companies, to: USERS_PATHS.companies },
        { label: title },
      ]}
      actions={
        <Button
          variant="contained"
          startIcon={<EditOutlined />}
          component={RouterLink}
          to={USERS_PATHS.editCompany(id)}
          disabled={!company.data?.isActive}
        >
          {t.edit}
        </Button>
      }
    >
      <AccountLoader query={company}>{(data) => <CompanyView company={data} />}</AccountLoader>
    </Page>
  );
}
