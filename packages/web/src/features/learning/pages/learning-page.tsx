import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { learningMessages } from '@palisade/domain/learning/learning.messages';
import { UserType } from '@palisade/domain/user-types';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { EmployeeLearningTable } from '../components/employee-learning-table';
import { LearningHoursChart } from '../components/learning-hours-chart';
import { LearningLibrary } from '../components/learning-library';
import { NoticeboardCard } from '../components/noticeboard-card';
import { UploadDocumentDialog } from '../components/upload-document-dialog';

const m = learningMessages;

/**
 * Learning (foundation-and-contractor §2, company-and-auditor §2.9): Upload Learning (the
 * organisation), Learning in hours, Employee Learning, the Noticeboard and the learning library.
 * The organisation sees every employee of its contractors; a contractor its own.
 */
export function LearningPage() {
  const profile = useProfile();
  const organisation = profile.type === UserType.ORGANISATION;
  const companyId = profile.cmp_id ?? null;
  const [uploading, setUploading] = useState(false);
  const [year, setYear] = useState(new Date().getFullYear());
  return (
    <Page
      title={m.pageTitle}
      breadcrumbs={[{ label: m.pageTitle }]}
      actions={
        organisation && companyId !== null ? (
          <Button variant="contained" startIcon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {m.uploadLearning}
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <LearningHoursChart companyId={companyId} year={year} onYear={setYear} />
        <NoticeboardCard companyId={companyId} recordViews={!organisation} />
        <Box sx={{ gridColumn: { lg: '1 / -1' } }}>
          <EmployeeLearningTable companyId={companyId} role={organisation ? 'company' : 'contractor'} />
        </Box>
        <Box sx={{ gridColumn: { lg: '1 / -1' } }}>
          <LearningLibrary companyId={companyId} />
        </Box>
      </Box>
      {organisation && companyId !== null && <UploadDocumentDialog open={uploading} onClose={() => setUploading(false)} companyId={companyId} form="learning" />}
    </Page>
  );
}
