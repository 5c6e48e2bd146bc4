import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { auditSentence } from '@palisade/domain/audit/audit.sentences';
import { AUDIT_PAGE_SIZES } from '@palisade/domain/audit/audit.schema';
import { auditMessages } from '@palisade/domain/audit/audit.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { rolesMessages } from '@palisade/domain/messages/roles';
import { isUserType } from '@palisade/domain/user-types';
import { formatDateTime } from '../../lib/dates';
import { useAuditList } from './audit-api';
import { AuditDetails } from './audit-details';

const m = auditMessages;

/**
 * A response's own history (#23), from the activity log: status changes, judgements, due-date
 * changes and files, newest first, each as a sentence ("Accepted 2 questions, scored 20/30 in
 * PPE") with who did it, and its fields behind Details. For the organisation's
 * admins (the log is theirs); more rows on demand. `version` changes when the response does (a
 * due date edited, an auditor assigned on this page), and the history is read again.
 */
export function ResponseHistoryCard({ responseId, version }: { responseId: string; version: string }) {
  const [pageSize, setPageSize] = useState<(typeof AUDIT_PAGE_SIZES)[number]>(AUDIT_PAGE_SIZES[0]);
  const query = useAuditList({ page: 1, pageSize, entity: 'response', entityId: responseId }, version);
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;
  const larger = AUDIT_PAGE_SIZES.find((n) => n > pageSize);
  return (
    <Card component="section" aria-labelledby="history-heading" sx={{ mb: 3 }}>
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={m.historyTitle} />}</Box>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="history-heading" variant="h2" gutterBottom>
          {m.historyTitle}
        </Typography>
        {query.isSuccess && rows.length === 0 && <Typography color="text.secondary">{m.historyEmpty}</Typography>}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={m.historyTitle}>
          {rows.map((row) => {
            const role = row.actorType !== null && isUserType(row.actorType) ? rolesMessages[row.actorType] : '';
            const sentence = auditSentence(row);
            return (
              <Box component="li" key={row.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(row.at)}
                </Typography>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{sentence}</Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {row.actorName ?? m.system}
                  {role ? ` (${role})` : ''}
                </Typography>
                <AuditDetails row={row} label={`${sentence}, ${formatDateTime(row.at)}`} />
              </Box>
            );
          })}
        </Box>
        {larger !== undefined && total > rows.length && (
          <Button sx={{ mt: 1 }} onClick={() => setPageSize(larger)}>
            {coreMessages.common.viewAll}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
