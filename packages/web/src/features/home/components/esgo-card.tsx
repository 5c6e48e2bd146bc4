import { useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { ESGO_FACTORS } from '@palisade/domain/constants';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { responseNameMessages } from '@palisade/domain/messages/response-names';
import { NativeSelectField } from '../../../components/native-select-field';
import { SectionCard } from '../../../components/section-card';
import { useContractorChoices, useOrganisationEsgo } from '../api/get-organisation-dashboard';
import { Doughnut } from './doughnut';

const t = dashboardMessages;
const ALL = 'all';

/**
 * E-S-G-O Performance (company-and-auditor §2.2): the scored marks of Environment, Social,
 * Governance and Others over the organisation's COMPLETED responses, for all contractors or one.
 */
export function EsgoCard({ companyId }: { companyId: string }) {
  const theme = useTheme();
  const [contractor, setContractor] = useState(ALL);
  const choices = useContractorChoices(companyId);
  const esgo = useOrganisationEsgo(companyId, contractor === ALL ? null : contractor);
  const colors = {
    environment: theme.palette.success.main,
    social: theme.palette.info.main,
    governance: theme.palette.primary.main,
    others: theme.palette.warning.main,
  };
  return (
    <SectionCard title={t.esgoTitle}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <NativeSelectField
          label={t.contractorLabel}
          value={contractor}
          onChange={setContractor}
          options={[
            { value: ALL, label: t.allContractors },
            ...(choices.data ?? []).map((c) => ({ value: c._id, label: c.name })),
          ]}
          sx={{ maxWidth: 320 }}
        />
        {esgo.isPending ? (
          <Skeleton variant="circular" width={180} height={180} sx={{ mx: 'auto' }} />
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
