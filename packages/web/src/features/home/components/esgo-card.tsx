import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import { ESGO_FACTORS } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { SectionCard } from '../../../components/section-card';
import { useContractorChoices, useOrganisationEsgo } from '../api/get-organisation-dashboard';
import { Doughnut } from './doughnut';

const t = messages.dashboards;
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
        <TextField
          select
          size="small"
          label={t.contractorLabel}
          value={contractor}
          onChange={(e) => setContractor(e.target.value)}
          sx={{ maxWidth: 320 }}
        >
          <MenuItem value={ALL}>{t.allContractors}</MenuItem>
          {(choices.data ?? []).map((c) => (
            <MenuItem key={c._id} value={c._id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        {esgo.isPending ? (
          <Skeleton variant="circular" width={180} height={180} sx={{ mx: 'auto' }} />
        ) : (
          <Doughnut
            label={t.chartOf(t.esgoTitle)}
            slices={ESGO_FACTORS.map((factor) => {
              const f = esgo.data?.[factor];
              return {
                id: factor,
                label: messages.responseScreens.factors[factor],
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
