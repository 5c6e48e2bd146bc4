import { useTheme } from '@mui/material/styles';
import type { AssessmentStatusCounts } from '@palisade/domain/dashboards/dashboard.schema';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { responseNameMessages } from '@palisade/domain/messages/response-names';
import { SectionCard } from '../../../components/section-card';
import { useStatusCounts } from '../api/get-organisation-dashboard';
import { Doughnut, DoughnutSkeleton } from './doughnut';
import { useDeferredReply } from '../../../components/use-deferred-reply';

const t = dashboardMessages;
const ORDER: readonly (keyof AssessmentStatusCounts)[] = ['NEW', 'PENDING', 'SUBMITTED', 'REASSESSMENT', 'COMPLETED'];

/**
 * Overall Assessments (company-and-auditor §2.2): the organisation's responses by status, and its
 * assessments that no contractor has started yet (Not started).
 */
export function OverallAssessmentsCard({ companyId }: { companyId: string }) {
  const theme = useTheme();
  const query = useDeferredReply(useStatusCounts(companyId));
  const colors: Record<keyof AssessmentStatusCounts, string> = {
    NEW: theme.palette.grey[500],
    PENDING: theme.palette.info.main,
    SUBMITTED: theme.palette.primary.main,
    REASSESSMENT: theme.palette.warning.main,
    COMPLETED: theme.palette.success.main,
  };
  const label = (s: keyof AssessmentStatusCounts) => (s === 'NEW' ? t.statusNew : responseNameMessages.statusNames[s]);
  const total = query.data ? ORDER.reduce((n, s) => n + query.data[s], 0) : 0;
  return (
    <SectionCard title={t.overallAssessmentsTitle}>
      {query.isPending ? (
        <DoughnutSkeleton rows={ORDER.length} />
      ) : (
        <Doughnut
          label={t.chartOf(t.overallAssessmentsTitle)}
          center={total > 0 ? String(total) : undefined}
          slices={ORDER.map((s) => ({ id: s, label: label(s), value: query.data?.[s] ?? 0, color: colors[s] }))}
        />
      )}
    </SectionCard>
  );
}
