import { useState } from 'react';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DOCUMENT_VIEWER_PAGE_SIZES } from '@palisade/domain/documents/document.rules';
import type { PolicyDocument } from '@palisade/domain/documents/document.schema';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { documentsMessages } from '@palisade/domain/messages/documents';
import { formatDate, formatDateTime } from '../../lib/dates';
import { FileViewerDialog } from '../file-viewer-dialog';
import { ListPager } from '../list-pager';
import { useDocumentViewers, type ViewerPageSize } from './documents-api';
import { ReadReceipt } from './read-receipt';
import { useHeldWhileClosing } from '../../lib/use-held-while-closing';

const m = documentsMessages;

/**
 * A document's viewers with their viewed time, newest first, a page at a time from the server
 * (10, 20 or 50): a document read by thousands stays one short table and one small reply.
 */
function ViewersTable({ documentId, count }: { documentId: string; count: number }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<ViewerPageSize>(DOCUMENT_VIEWER_PAGE_SIZES[0]);
  const query = useDocumentViewers(documentId, page + 1, pageSize);
  const total = query.data?.total ?? count;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  // Fewer viewers than the page asked for: the last page instead.
  if (query.isSuccess && !query.isPlaceholderData && page > lastPage) setPage(lastPage);
  return (
    <>
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={m.viewers} />}</Box>
      {!query.data ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <Table size="small" aria-label={m.viewers} aria-busy={query.isFetching}>
          <TableHead>
            <TableRow>
              <TableCell>{m.viewerName}</TableCell>
              <TableCell>{m.viewedAt}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {query.data.viewers.map((v) => (
              <TableRow key={v.viewer.uid}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{v.viewer.name}</TableCell>
                <TableCell>{formatDateTime(v.viewed_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {total > DOCUMENT_VIEWER_PAGE_SIZES[0] && (
        <ListPager
          total={total}
          page={page}
          onPage={setPage}
          pageSize={pageSize}
          sizes={DOCUMENT_VIEWER_PAGE_SIZES}
          onPageSize={setPageSize}
          showFirstButton
          showLastButton
          wrap
        />
      )}
    </>
  );
}

export interface DocumentDialogProps {
  document: PolicyDocument | null;
  /** The organisation: viewers, read receipt, edit and delete. */
  manage: boolean;
  /** People who can read it (the read receipt's denominator). */
  audience: number;
  onClose: () => void;
  onEdit: (document: PolicyDocument) => void;
  onDelete: (document: PolicyDocument) => void;
}

/**
 * A policy document's popup (foundation-and-contractor §2, company-and-auditor §2.2): title,
 * description, creator, created date and attachments, each opening in the file viewer; for the
 * organisation also its viewers with their viewed time, and Edit and Delete.
 */
export function DocumentDialog({
  document: current,
  manage,
  audience,
  onClose,
  onEdit,
  onDelete,
}: DocumentDialogProps) {
  // Named and filled until it has faded out.
  const document = useHeldWhileClosing(current);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [file, setFile] = useState<FileRecord | null>(null);
  return (
    <>
      <Dialog
        open={current !== null}
        onClose={onClose}
        fullScreen={phone}
        maxWidth="md"
        fullWidth
        aria-labelledby="policy-document-title"
      >
        {document && (
          <>
            <DialogTitle id="policy-document-title" sx={{ overflowWrap: 'anywhere' }}>
              {document.title}
            </DialogTitle>
            <DialogContent dividers>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {document.description}
              </Typography>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'max-content 1fr',
                  columnGap: 2,
                  rowGap: 0.5,
                  my: 2,
                  '& dd': { m: 0 },
                }}
              >
                <Typography component="dt" color="text.secondary">
                  {m.createdBy}
                </Typography>
                <Typography component="dd">{document.creatorName}</Typography>
                <Typography component="dt" color="text.secondary">
                  {m.createdOn}
                </Typography>
                <Typography component="dd">{formatDate(document.createdAt)}</Typography>
                {manage && (
                  <>
                    <Typography component="dt" color="text.secondary">
                      {m.readReceipt}
                    </Typography>
                    <Box component="dd">
                      <ReadReceipt viewers={document.viewerCount} audience={audience} />
                    </Box>
                  </>
                )}
              </Box>
              <Typography
                variant="h3"
                component="h3"
                sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}
              >
                {m.attachments}
              </Typography>
              <Box
                component="ul"
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                  gap: 0.5,
                }}
              >
                {document.attachments.map((a) => (
                  <li key={a.filePath}>
                    <Button
                      startIcon={<AttachFileOutlined />}
                      onClick={() => setFile(a)}
                      sx={{ textTransform: 'none', textAlign: 'left', overflowWrap: 'anywhere' }}
                    >
                      {a.fileName}
                    </Button>
                  </li>
                ))}
              </Box>
              {manage && (
                <>
                  <Typography
                    variant="h3"
                    component="h3"
                    sx={{ fontSize: '1rem', fontWeight: 600, mt: 2, mb: 1 }}
                  >
                    {m.viewers}
                  </Typography>
                  {document.viewerCount === 0 ? (
                    <Typography color="text.secondary">{m.noViewers}</Typography>
                  ) : (
                    <ViewersTable
                      key={document._id}
                      documentId={document._id}
                      count={document.viewerCount}
                    />
                  )}
                </>
              )}
            </DialogContent>
            <DialogActions>
              {manage && (
                <>
                  <Button color="error" onClick={() => onDelete(document)}>
                    {m.delete}
                  </Button>
                  <Button onClick={() => onEdit(document)}>{m.edit}</Button>
                </>
              )}
              <Button variant="contained" onClick={onClose}>
                {m.close}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
      <FileViewerDialog file={file} onClose={() => setFile(null)} />
    </>
  );
}
