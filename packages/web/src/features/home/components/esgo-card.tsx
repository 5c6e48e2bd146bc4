import { useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { ESGO_FACTORS } from '@palisade/domain/constants';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { responseNameMessages } from '@palisade/domain/messages/response-names';
import { DeferredCompanyPicker } from '../../../components/company-picker/deferred-company-picker';
import { SectionCard } from '../../../components/section-card';
import { useOrganisationEsgo } from '../api/get-organisation-dashboard';
import { Doughnut, DoughnutSkeleton } from './doughnut';
import { useDeferredReply } from '../../../components/use-deferred-reply';

const t = dashboardMessages;

/**
 * E-S-G-O Performance (company-and-auditor §2.2): the scored marks of Environment, Social,
 * Governance and Others over the organisation's COMPLETED responses, for all contractors or one
 * (searched on the server as the user types: issue 63; its code comes when the user reaches for it).
 */
export function EsgoCard({ companyId }: { companyId: string }) {
  const theme = useTheme();
  /** The chosen contractor's id; null for All contractors. */
  const [contractor, setContractor] = useState<string | null>(null);
  const esgo = useDeferredReply(useOrganisationEsgo(companyId, contractor));
  const colors = {
    environment: theme.palette.success.main,
    social: theme.palette.info.main,
    governance: theme.palette.primary.main,
    others: theme.palette.warning.main,
  };
  return (
    <SectionCard title={t.esgoTitle}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <DeferredCompanyPicker
          companyId={companyId}
          label={t.contractorLabel}
          placeholder={t.allContractors}
          value={contractor}
          onChange={setContractor}
          size="small"
          sx={{ maxWidth: 320 }}
        />
        {esgo.isPending ? (
          <DoughnutSkeleton rows={ESGO_FACTORS.length} />
        ) : (
          <Doughnut
            label={t.chartOf(t.esgoTitle)}
            slices={ESGO_FACTORS.map((factor) => {
              const f = esgo.data?.[factor];
              return {
                id: factor,
                label: responseNameMessages.factors[factor],
                value: f?.scored ?? 0,
                color: colors[factor],
                text: f && f.percent !== null ? `${f.scored}/${f.total} (${f.percent}%)` : t.noScore,
              };
            })}
          />
        )}
      </Box>
    </SectionCard>
  );
}
