import { useEffect, useState } from 'react';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { FEEDBACK_PAGE_SIZES } from '@palisade/domain/constants';
import type { Feedback } from '@palisade/domain/feedback/feedback.schema';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { documentsMessages } from '@palisade/domain/messages/documents';
import { feedbackMessages } from '@palisade/domain/messages/feedback';
import { workingOrganisationId } from '@palisade/domain/user-types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FileViewerDialog } from '../../../components/file-viewer-dialog';
import { Page } from '../../../components/page';
import { formatDate } from '../../../lib/dates';
import { useProfile } from '../../../lib/session';
import { useFirstRowNumber, useListParams } from '../../../lib/use-list-params';
import { useDeleteFeedback, useFeedbackPage } from '../api/feedback-page-api';
import { ListPager } from '../../../components/list-pager';

const m = feedbackMessages;

/** A feedback's files, each opening in the file viewer; "None" without any. */
function Attachments({ row, onOpen }: { row: Feedback; onOpen: (file: FileRecord) => void }) {
  if (row.attachments.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {m.noAttachments}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {row.attachments.map((a) => (
        <li key={a.filePath}>
          <Button
            size="small"
            startIcon={<AttachFileOutlined />}
            onClick={() => onOpen(a)}
            aria-label={m.openAttachment(a.fileName)}
            sx={{ textTransform: 'none', textAlign: 'left', overflowWrap: 'anywhere' }}
          >
            {a.fileName}
          </Button>
        </li>
      ))}
    </Box>
  );
}

/**
 * /sapphire/feedback (company-and-auditor §2.9): title Feedback; a table of Sr.No, Date
 * (DD/MM/YYYY), Company, Description and Attachments (each opens in the file viewer), 5, 10 or 20
 * rows a page, read a page at a time, the page and size kept in the URL (?page=&size=); each row
 * can be deleted after a confirmation. On phones the rows are a list of cards.
 */
export function FeedbackPage() {
  const profile = useProfile();
  const companyId = workingOrganisationId(profile);
  const list = useListParams({ sizes: FEEDBACK_PAGE_SIZES });
  const { page, pageSize, setPage, fitPage } = list;
  const query = useFeedbackPage(companyId, page + 1, pageSize);
  const remove = useDeleteFeedback();
  const [file, setFile] = useState<FileRecord | null>(null);
  const [deleting, setDeleting] = useState<Feedback | null>(null);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const first = useFirstRowNumber(page, pageSize, query.isPlaceholderData);
  useEffect(() => {
    // A page emptied (the last row of the last page deleted, an old link): the last one instead.
    if (query.isSuccess && !query.isPlaceholderData) fitPage(total);
  }, [query.isSuccess, query.isPlaceholderData, total, fitPage]);

  return (
    <Page title={m.title} breadcrumbs={[{ label: m.title }]}>
      <Card>
        <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={m.title} />}</Box>
        {phone ? (
          <Box component="ol" aria-label={m.title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {query.isSuccess && rows.length === 0 && (
              <Typography component="li" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {m.empty}
              </Typography>
            )}
            {rows.map((row, i) => (
              <Box
                component="li"
                key={row._id}
                data-testid="feedback-item"
                sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
              >
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {first + i}. {row.cmp_name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatDate(row.created_at)}
                    </Typography>
                  </Box>
                  <IconButton
                    aria-label={m.deleteLabel(row.cmp_name)}
                    color="error"
                    onClick={() => setDeleting(row)}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Box>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 1 }}>
                  {row.feedbackText}
                </Typography>
                <Attachments row={row} onOpen={setFile} />
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer>
            <Table aria-label={m.title} size="small" sx={{ minWidth: 720 }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{m.srNo}</TableCell>
                  <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{m.date}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{m.company}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{m.description}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{m.attachments}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }} align="right">
                    {m.actions}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {query.isSuccess && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                      {m.empty}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((row, i) => (
                  <TableRow key={row._id} hover>
                    <TableCell>{first + i}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(row.created_at)}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.cmp_name}</TableCell>
                    <TableCell
                      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 200 }}
                    >
                      {row.feedbackText}
                    </TableCell>
                    <TableCell>
                      <Attachments row={row} onOpen={setFile} />
                    </TableCell>
                    <TableCell align="right">
                      <IconButton
                        aria-label={m.deleteLabel(row.cmp_name)}
                        color="error"
                        onClick={() => setDeleting(row)}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ListPager
          total={total}
          page={page}
          onPage={setPage}
          pageSize={pageSize}
          sizes={FEEDBACK_PAGE_SIZES}
          onPageSize={list.setPageSize}
          wrap
        />
      </Card>
      <FileViewerDialog file={file} onClose={() => setFile(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={documentsMessages.delete}
        message={deleting ? m.confirmDelete(deleting.cmp_name) : ''}
        confirmLabel={documentsMessages.delete}
        cancelLabel={m.cancel}
        destructive
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            // The last row of a page gone: fitPage shows the page before it once the count is in.
            onSuccess: () => setDeleting(null),
          });
        }}
      />
    </Page>
  );
}
