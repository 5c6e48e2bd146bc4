import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DASHBOARD_LIST_ROWS } from '@palisade/domain/constants';
import { completionPercent } from '@palisade/domain/learning/learning.rules';
import type { LearningDoc } from '@palisade/domain/learning/learning.schema';
import { learningMessages } from '@palisade/domain/learning/learning.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { LabelledProgress } from '../../../components/labelled-progress';
import { formatDate } from '../../../lib/dates';
import { useNotices, useRecordNoticeView } from '../api/learning-api';
import { LearningViewerDialog } from './learning-viewer-dialog';
import { UploadDocumentDialog } from './upload-document-dialog';

const m = learningMessages;

/**
 * The Noticeboard (foundation-and-contractor §2, DECISIONS.md: on the Learning page): Uploaded On,
 * Title, Completed by (readers ÷ usersCount, at most 100 %); 5 rows then View all / View Less; a
 * notice opens in its detail modal (a contractor's opening is recorded once); + Add Notice.
 */
export function NoticeboardCard({ companyId, recordViews }: { companyId: string | null; recordViews: boolean }) {
  const query = useNotices(companyId);
  const record = useRecordNoticeView(companyId);
  const [all, setAll] = useState(false);
  const [open, setOpen] = useState<LearningDoc | null>(null);
  const [adding, setAdding] = useState(false);
  const docs = query.data?.docs ?? [];
  const users = query.data?.usersCount ?? 0;
  const shown = all ? docs : docs.slice(0, DASHBOARD_LIST_ROWS);

  const openNotice = (doc: LearningDoc) => {
    setOpen(doc);
    if (recordViews && !doc.viewedByMe) record.mutate(doc._id);
  };

  return (
    <Card data-testid="noticeboard">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h2">{m.noticeboard}</Typography>
          <Button variant="outlined" size="small" onClick={() => setAdding(true)} disabled={companyId === null}>
            {m.addNotice}
          </Button>
        </Box>
        {query.isPending && companyId !== null && <Skeleton variant="rounded" height={180} aria-label={coreMessages.common.loading} />}
        {query.isSuccess && docs.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {m.noNotices}
          </Typography>
        )}
        {shown.length > 0 && (
          <Table size="small" aria-label={m.noticeboard} sx={{ tableLayout: 'fixed', '& td, & th': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: { xs: '6.25rem', sm: '7.5rem' } }}>{m.uploadedOn}</TableCell>
                <TableCell>{m.title}</TableCell>
                <TableCell sx={{ width: { xs: '6.5rem', sm: '9.5rem' } }}>{m.completedBy}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((doc) => (
                <TableRow key={doc._id} hover data-testid="notice-row">
                  <TableCell>{formatDate(doc.createdAt)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>
                    <Link component="button" type="button" onClick={() => openNotice(doc)} sx={{ textAlign: 'left', font: 'inherit', fontWeight: recordViews && !doc.viewedByMe ? 600 : undefined }}>
                      {doc.title}
                    </Link>
                  </TableCell>
                  <TableCell data-testid="notice-completed">
                    <LabelledProgress value={completionPercent(doc.viewersCount, users)} label={`${m.completedBy} ${doc.title}: ${m.completedByLabel(doc.viewersCount, users)}`} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {docs.length > DASHBOARD_LIST_ROWS && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button onClick={() => setAll((v) => !v)} aria-expanded={all}>
              {all ? m.viewLess : m.viewAll}
            </Button>
          </Box>
        )}
      </CardContent>
      <LearningViewerDialog doc={open} onClose={() => setOpen(null)} />
      {companyId !== null && <UploadDocumentDialog open={adding} onClose={() => setAdding(false)} companyId={companyId} form="notice" />}
    </Card>
  );
}
