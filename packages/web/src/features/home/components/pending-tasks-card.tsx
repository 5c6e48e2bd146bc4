import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DASHBOARD_LIST_ROWS, PENDING_TASKS_MAX } from '@palisade/domain/constants';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { SHELL_PREFIX } from '@palisade/domain/user-types';
import { SectionCard } from '../../../components/section-card';
import { TintedChip } from '../../../components/tinted-chip';
import { formatDate } from '../../../lib/dates';
import { usePendingTasks } from '../api/get-organisation-dashboard';
import { useDeferredReply } from '../../../components/use-deferred-reply';

const t = dashboardMessages;

function responsePath(id: string): string {
  return `${SHELL_PREFIX.sapphire}/Cap_AssesmentView/${encodeURIComponent(id)}`;
}

/**
 * Pending Tasks (company-and-auditor §2.2): the responses waiting for the auditors' review,
 * overdue first; 5, then View all / View Less.
 */
export function PendingTasksCard({ companyId }: { companyId: string }) {
  const [all, setAll] = useState(false);
  const query = useDeferredReply(usePendingTasks(companyId, all ? PENDING_TASKS_MAX : DASHBOARD_LIST_ROWS));
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  return (
    <SectionCard title={t.pendingTasksTitle}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t.pendingTasksHelp}
      </Typography>
      {query.isPending && <Skeleton variant="rounded" height={160} />}
      {query.isSuccess && items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t.noPendingTasks}
        </Typography>
      )}
      {items.length > 0 && (
        <Box component="ul" aria-label={t.pendingTasksTitle} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((task) => (
            <Box
              component="li"
              key={task._id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Link component={RouterLink} to={responsePath(task._id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {task.assessmentName}
                </Link>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {task.contractorName}
                </Typography>
              </Box>
              {task.overdue ? (
                <TintedChip tone="error" label={`${t.overdue} · ${formatDate(task.dueDate)}`} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t.due(formatDate(task.dueDate))}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
      {total > DASHBOARD_LIST_ROWS && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? t.viewLess : t.viewAll}
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}
