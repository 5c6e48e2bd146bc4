import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { MyRequirement, Requirement } from '@palisade/domain/compliance/compliance.schema';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { workingOrganisationId } from '@palisade/domain/user-types';
import { ComplianceStatusChip, OverallComplianceChip } from '../../../components/compliance/compliance-chips';
import { Page } from '../../../components/page';
import { PageSkeleton } from '../../../components/page-skeleton';
import { formatDate } from '../../../lib/dates';
import { useProfile } from '../../../lib/session';
import { useMyCompliance } from '../../../components/compliance/compliance-api';
import { historyPath } from '../../../components/compliance/compliance-paths';
import { UploadDocumentDialog } from '../components/upload-document-dialog';

const t = complianceScreensMessages;

function RequirementItem({
  item,
  onUpload,
}: {
  item: MyRequirement;
  onUpload: (requirement: Requirement, replace: boolean) => void;
}) {
  const { requirement, status, latest, daysLeft } = item;
  const replace = latest !== null;
  const headingId = `requirement-${requirement._id}`;
  return (
    <Card component="li" aria-labelledby={headingId} data-testid="my-requirement" sx={{ minWidth: 0 }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id={headingId} component="h2" variant="h5" sx={{ flexGrow: 1, overflowWrap: 'anywhere', minWidth: 0 }}>
            {requirement.name}
          </Typography>
          <ComplianceStatusChip status={status} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {requirement.mandatory ? t.mandatoryMark : t.optionalMark}
          {requirement.expires ? '' : ` · ${t.noExpiry}`}
        </Typography>
        {requirement.description && (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }}>{requirement.description}</Typography>
        )}
        {latest && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, mt: 1 }}>
            <Typography variant="body2">
              {t.issueDate}: {formatDate(latest.issueDate)}
            </Typography>
            {latest.expiryDate && (
              <Typography variant="body2">
                {t.expiryDate}: {formatDate(latest.expiryDate)}
              </Typography>
            )}
            {latest.reference && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t.reference}: {latest.reference}
              </Typography>
            )}
            {daysLeft !== null && (
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t.daysLeft(daysLeft)}
              </Typography>
            )}
          </Box>
        )}
        {latest?.state === 'REJECTED' && latest.remark && (
          <Box
            role="note"
            sx={{ mt: 1.5, p: 1.5, borderRadius: 1, border: 1, borderColor: 'error.main' }}
            data-testid="rejection-remark"
          >
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t.rejectedRemark(latest.remark)}
            </Typography>
          </Box>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Button
            variant="contained"
            onClick={() => onUpload(requirement, replace)}
            aria-label={replace ? t.replaceLabel(requirement.name) : t.uploadLabel(requirement.name)}
          >
            {replace ? t.replace : t.upload}
          </Button>
          {latest && (
            <Button
              component={RouterLink}
              to={historyPath('contractor', requirement._id, '')}
              aria-label={t.historyLabel(requirement.name)}
            >
              {t.history}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /atgl/Contractor/compliance (issue 57): each requirement of the organisation that applies to
 * the contractor, with its status, dates, days left and a rejection's remark; Upload (or Replace,
 * the older version staying in the history) opens the upload dialog; History opens the versions.
 */
export function MyCompliancePage() {
  const profile = useProfile();
  const companyId = workingOrganisationId(profile);
  const query = useMyCompliance(companyId);
  const [uploading, setUploading] = useState<{ requirement: Requirement; replace: boolean } | null>(null);
  const data = query.data;
  return (
    <Page
      title={t.myTitle}
      breadcrumbs={[{ label: t.myTitle }]}
      actions={
        data && data.items.length > 0 ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography color="text.secondary">{t.myOverall}</Typography>
            <OverallComplianceChip overall={data.overall} />
          </Box>
        ) : undefined
      }
    >
      {query.isPending && <PageSkeleton summaryHeight={0} rows={3} rowHeight={200} />}
      {data && data.items.length === 0 && (
        <Card>
          <CardContent>
            <Typography color="text.secondary">{t.myEmpty}</Typography>
          </CardContent>
        </Card>
      )}
      {data && data.items.length > 0 && (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {data.items.map((item) => (
            <RequirementItem
              key={item.requirement._id}
              item={item}
              onUpload={(requirement, replace) => setUploading({ requirement, replace })}
            />
          ))}
        </Box>
      )}
      <UploadDocumentDialog
        requirement={uploading?.requirement ?? null}
        replace={uploading?.replace ?? false}
        onClose={() => setUploading(null)}
      />
    </Page>
  );
}
