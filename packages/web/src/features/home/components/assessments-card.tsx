import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DASHBOARD_LIST_ROWS } from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import type { ContractorAssessmentReply } from '@palisade/domain/responses/response.schema';
import { isOverdue } from '@palisade/domain/responses/response.rules';
import { SHELL_PREFIX } from '@palisade/domain/user-types';
import { ResponseStatusChip, type CardStatus } from '../../../components/response-status-chip';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/dates';
import { useDashboardAssessments } from '../api/get-assessments';
import { useDeferredReply } from '../../../components/use-deferred-reply';
import { useOrganisationToday } from '../../../lib/organisation-today';

const t = responseScreensMessages;
const LIST_PATH = `${SHELL_PREFIX.contractor}/Assessment`;
/** The Status column is left out on phones (the chip goes under the task). */
const NARROW_HIDDEN = { xs: 'none', sm: 'table-cell' } as const;

interface TaskRow {
  id: string;
  name: string;
  /** The effective due date, YYYY-MM-DD. */
  due: string;
  status: CardStatus;
  overdue: boolean;
  to: string;
}

/** Made when two rows first share a due date: a collator loads the browser's collation data. */
let collator: Intl.Collator | undefined;
const byName = (): Intl.Collator => (collator ??= new Intl.Collator());

/** One row per assessment: its response's effective due date once started, else its own. */
export function taskRows(
  assessments: readonly ContractorAssessmentReply[],
  today: string,
): TaskRow[] {
  return assessments
    .map((a): TaskRow => {
      const status = a.responseStatus ?? 'NEW';
      const due = a.responseDueDate ?? a.dueDate;
      return {
        id: a._id,
        name: a.name,
        due,
        status,
        overdue: isOverdue(due, today, a.responseStatus),
        to: a.responseId
          ? `${SHELL_PREFIX.contractor}/assessment/${encodeURIComponent(a.responseId)}/categories`
          : LIST_PATH,
      };
    })
    // Due dates are YYYY-MM-DD (in order as text); names by one collator, made once: a
    // localeCompare per pair was most of a contractor home's own work on a slow phone (issue 25).
    .sort((x, y) => (x.due < y.due ? -1 : x.due > y.due ? 1 : byName().compare(x.name, y.name)));
}

/** The Assessments table of the contractor dashboard (spec §2): task and due date, soonest first. */
export function AssessmentsCard({ contractorId }: { contractorId: string }) {
  const assessments = useDeferredReply(useDashboardAssessments(contractorId));
  const [all, setAll] = useState(false);
  const today = useOrganisationToday();
  const rows = useMemo(() => taskRows(assessments.data ?? [], today), [assessments.data, today]);
  const loading = assessments.isPending;
  const shown = all ? rows : rows.slice(0, DASHBOARD_LIST_ROWS);

  return (
    <SectionCard title={t.assessmentsCard}>
      {loading ? (
        <Box role="status" aria-label={coreMessages.common.loading}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Box>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {assessments.isError ? coreMessages.common.noDataAvailable : t.noTasks}
        </Typography>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t.assessmentsTable}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600, pl: 0 }}>{t.task}</TableCell>
                  <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{t.dueDate}</TableCell>
                  <TableCell sx={{ fontWeight: 600, pr: 0, display: NARROW_HIDDEN }}>
                    {t.status}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ pl: 0, overflowWrap: 'break-word' }}>
                      <Link component={RouterLink} to={row.to}>
                        {row.name}
                      </Link>
                      {/* On phones the status sits under the task; its column is hidden. */}
                      <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                        <ResponseStatusChip status={row.status} />
                      </Box>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Box
                        sx={{
                          display: 'flex',
                          flexDirection: 'column',
                          alignItems: 'flex-start',
                          gap: 0.5,
                        }}
                      >
                        {formatDate(row.due)}
                        {row.overdue && <Chip size="small" color="error" label={t.overdue} />}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ pr: 0, display: NARROW_HIDDEN }}>
                      <ResponseStatusChip status={row.status} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {rows.length > DASHBOARD_LIST_ROWS && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <Button onClick={() => setAll((v) => !v)}>
                {all ? coreMessages.common.viewLess : coreMessages.common.viewAll}
              </Button>
            </Box>
          )}
        </>
      )}
    </SectionCard>
  );
}
