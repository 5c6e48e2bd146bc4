import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { DocumentVersion, ReviewDocumentInput } from '@palisade/domain/compliance/compliance.schema';
import { complianceMessages } from '@palisade/domain/compliance/compliance.messages';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { ComplianceChip, ComplianceStatusChip } from '../../../components/compliance/compliance-chips';
import { FileViewerDialog } from '../../../components/file-viewer-dialog';
import { Page } from '../../../components/page';
import { PageSkeleton } from '../../../components/page-skeleton';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useDocumentHistory } from '../api/documents-api';
import { compliancePath, type ComplianceViewer } from '../../../components/compliance/compliance-paths';
import { ReviewDialog } from '../components/review-dialog';

const t = complianceScreensMessages;

const STATE_TONE = { SUBMITTED: 'info', ACCEPTED: 'success', REJECTED: 'error' } as const;

/** One labelled value of a version. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function VersionCard({
  version,
  number,
  latest,
  onOpen,
}: {
  version: DocumentVersion;
  number: number;
  latest: boolean;
  onOpen: (file: FileRecord) => void;
}) {
  return (
    <Box
      component="li"
      data-testid="document-version"
      sx={{ borderBottom: 1, borderColor: 'divider', py: 2, '&:last-of-type': { borderBottom: 0 } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography component="h3" variant="h6">
          {t.versionLabel(number)}
        </Typography>
        {latest && <ComplianceChip tone="default" label={t.latest} />}
        <ComplianceChip tone={STATE_TONE[version.state]} label={t.documentStates[version.state]} data-state={version.state} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' }, gap: 2 }}>
        <Field label={t.issueDate}>{formatDate(version.issueDate)}</Field>
        <Field label={t.expiryDate}>{version.expiryDate ? formatDate(version.expiryDate) : t.noExpiry}</Field>
        <Field label={t.reference}>{version.reference || '—'}</Field>
        <Field label={t.file}>
          <Button
            size="small"
            startIcon={<AttachFileOutlined />}
            onClick={() => onOpen(version.file)}
            aria-label={t.openFile(version.file.fileName)}
            sx={{ textTransform: 'none', textAlign: 'left', overflowWrap: 'anywhere', px: 0 }}
          >
            {version.file.fileName}
          </Button>
        </Field>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t.uploadedBy(version.uploadedBy.name, formatDateTime(version.uploadedAt))}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {version.reviewedBy && version.reviewedAt
          ? t.reviewedBy(version.reviewedBy.name, formatDateTime(version.reviewedAt))
          : t.awaitingReview}
      </Typography>
      {version.remark && (
        <Box sx={{ mt: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Typography variant="body2" color="text.secondary">
            {t.remark}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="version-remark">
            {version.remark}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/**
 * A document's history (issue 57): the requirement, the contractor and the status, then every
 * version newest first with its dates, reference, file (in the file viewer), who uploaded it and
 * when, the judgement with its reviewer and remark. When the reply says canReview the newest
 * version can be accepted, or rejected with a remark. The organisation and its auditors reach it
 * from the matrix (/sapphire|/auditor/compliance/:contractorId/:requirementId), the contractor
 * from its own page (/atgl/Contractor/compliance/:requirementId).
 */
export function DocumentHistoryPage({ viewer }: { viewer: ComplianceViewer }) {
  const { contractorId, requirementId } = useParams();
  const query = useDocumentHistory(requirementId ?? '', viewer === 'contractor' ? null : (contractorId ?? null));
  const [file, setFile] = useState<FileRecord | null>(null);
  const [decision, setDecision] = useState<ReviewDocumentInput['decision'] | null>(null);
  const data = query.data;
  const back = { label: t.title, to: compliancePath(viewer) };
  if (!data) {
    return (
      <Page title={t.historyTitle} breadcrumbs={[back, { label: t.historyTitle }]}>
        {query.isPending && <PageSkeleton summaryHeight={120} rows={2} rowHeight={180} />}
      </Page>
    );
  }
  const newest = data.versions[0];
  return (
    <Page
      title={`${data.requirement.name} · ${data.contractor.name}`}
      heading={data.requirement.name}
      breadcrumbs={[back, { label: t.historyTitle }]}
      actions={
        data.canReview && newest ? (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" color="success" onClick={() => setDecision('ACCEPTED')}>
              {t.accept}
            </Button>
            <Button variant="contained" color="error" onClick={() => setDecision('REJECTED')}>
              {t.reject}
            </Button>
          </Box>
        ) : undefined
      }
    >
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
          <Field label={t.contractor}>
            {data.contractor.name}
            {data.contractor.location && (
              <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                {data.contractor.location}
              </Typography>
            )}
          </Field>
          <Field label={t.status}>
            <ComplianceStatusChip status={data.status} />
          </Field>
          <Field label={t.requirement}>
            {data.requirement.mandatory ? t.mandatoryMark : t.optionalMark}
            {' · '}
            {data.requirement.expires ? t.reminderDays + ': ' + data.requirement.reminderDays.join(', ') : t.noExpiry}
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
              {t.reviewer}: {complianceMessages.reviewerLabels[data.requirement.reviewer]}
            </Typography>
          </Field>
          {data.requirement.description && (
            <Typography sx={{ gridColumn: '1 / -1', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} color="text.secondary">
              {data.requirement.description}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography component="h2" variant="h5">
            {t.versions}
          </Typography>
          {data.versions.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {t.noVersions}
            </Typography>
          ) : (
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {data.versions.map((v, i) => (
                <VersionCard
                  key={v._id}
                  version={v}
                  number={data.versions.length - i}
                  latest={i === 0}
                  onOpen={setFile}
                />
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
      <FileViewerDialog file={file} onClose={() => setFile(null)} />
      {newest && <ReviewDialog documentId={newest._id} decision={decision} onClose={() => setDecision(null)} />}
    </Page>
  );
}

export function OrganisationDocumentHistoryPage() {
  return <DocumentHistoryPage viewer="organisation" />;
}

export function AuditorDocumentHistoryPage() {
  return <DocumentHistoryPage viewer="auditor" />;
}

export function ContractorDocumentHistoryPage() {
  return <DocumentHistoryPage viewer="contractor" />;
}
