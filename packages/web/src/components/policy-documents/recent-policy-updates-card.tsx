import { useState } from 'react';
import AddOutlined from '@mui/icons-material/AddOutlined';
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
import type { PolicyDocument } from '@palisade/domain/documents/document.schema';
import { documentsMessages } from '@palisade/domain/messages/documents';
import { formatDate } from '../../lib/dates';
import { loadOnce } from '../../lib/load-once';
import { useCodeOnDemand } from '../../lib/use-code-on-demand';
import { TintedChip } from '../tinted-chip';
import { useDocuments, useRecordDocView } from './documents-api';
import { ReadReceipt } from './read-receipt';
import { useDeferredReply } from '../use-deferred-reply';

const m = documentsMessages;

/** The Add / Edit document modal and its form library: fetched when the organisation opens it. */
const loadFormDialog = loadOnce(() =>
  import('./document-form-dialog').then((module) => module.DocumentFormDialog),
);
const preloadFormDialog = () => void loadFormDialog().catch(() => undefined);

/** A document's popup (and its Delete confirmation): fetched when a reader reaches for a title. */
const loadPopup = loadOnce(() => import('./document-popup').then((module) => module.DocumentPopup));
const preloadPopup = () => void loadPopup().catch(() => undefined);

export interface RecentPolicyUpdatesCardProps {
  /** The working organisation; null shows nothing to load. */
  companyId: string | null;
  /**
   * The organisation's own card: Add document, a read receipt on each row, and the popup's viewers,
   * Edit and Delete. Otherwise (a contractor) opening a document records the view.
   */
  manage: boolean;
}

/**
 * Recent Policy Updates (foundation-and-contractor §2, company-and-auditor §2.2): the
 * organisation's policy documents, newest first, 5 rows then View all / View Less; each opens
 * its popup.
 */
export function RecentPolicyUpdatesCard({ companyId, manage }: RecentPolicyUpdatesCardProps) {
  const query = useDeferredReply(useDocuments(companyId, manage));
  const record = useRecordDocView();
  const [all, setAll] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [form, setForm] = useState<{ open: boolean; document: PolicyDocument | null }>({
    open: false,
    document: null,
  });
  const formDialog = useCodeOnDemand(loadFormDialog);
  const popup = useCodeOnDemand(loadPopup);
  const openForm = (document: PolicyDocument | null) => {
    setForm({ open: true, document });
    formDialog.request(() => setForm({ open: false, document: null }));
  };
  const docs = query.data?.data ?? [];
  const audience = query.data?.employee_count ?? 0;
  const shown = all ? docs : docs.slice(0, DASHBOARD_LIST_ROWS);
  // The popup follows the list, so that a recorded view or an edit shows at once.
  const opened = docs.find((d) => d._id === openId) ?? null;

  const open = (doc: PolicyDocument) => {
    setOpenId(doc._id);
    popup.request(() => setOpenId(null));
    if (!manage && !doc.viewedByMe) record.mutate(doc._id);
  };

  return (
    <Card data-testid="recent-policy-updates">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            flexWrap: 'wrap',
            mb: 1,
          }}
        >
          <Typography variant="h2">{m.recentPolicyUpdates}</Typography>
          {manage && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<AddOutlined />}
              onClick={() => openForm(null)}
              onPointerEnter={preloadFormDialog}
              onFocus={preloadFormDialog}
              loading={form.open && !formDialog.Component}
              disabled={companyId === null}
            >
              {m.addDocument}
            </Button>
          )}
        </Box>
        {query.isPending && companyId !== null && <Skeleton variant="rounded" height={180} />}
        {query.isSuccess && docs.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {m.empty}
          </Typography>
        )}
        {shown.length > 0 && (
          <Table
            size="small"
            aria-label={m.recentPolicyUpdates}
            sx={{ tableLayout: 'fixed', '& td, & th': { px: { xs: 1, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{m.title}</TableCell>
                <TableCell sx={{ width: { xs: '6.25rem', sm: '7.5rem' } }}>{m.createdOn}</TableCell>
                {manage && (
                  <TableCell sx={{ width: { xs: '3.5rem', sm: '9rem' } }}>
                    {m.readReceipt}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((doc) => (
                <TableRow key={doc._id} hover>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => open(doc)}
                      onPointerEnter={preloadPopup}
                      onFocus={preloadPopup}
                      sx={{
                        textAlign: 'left',
                        font: 'inherit',
                        fontWeight: manage || doc.viewedByMe ? undefined : 600,
                      }}
                    >
                      {doc.title}
                    </Link>
                    {!manage && !doc.viewedByMe && (
                      <Box component="span" sx={{ ml: 1 }}>
                        <TintedChip tone="primary" label={m.newBadge} />
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>{formatDate(doc.createdAt)}</TableCell>
                  {manage && (
                    <TableCell>
                      <ReadReceipt viewers={doc.viewerCount} audience={audience} />
                    </TableCell>
                  )}
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
      {popup.Component && (
        <popup.Component
          document={opened}
          manage={manage}
          audience={audience}
          onClose={() => setOpenId(null)}
          onEdit={openForm}
        />
      )}
      {manage && formDialog.Component && (
        <formDialog.Component
          open={form.open}
          document={form.document}
          onClose={() => setForm({ open: false, document: null })}
        />
      )}
    </Card>
  );
}
