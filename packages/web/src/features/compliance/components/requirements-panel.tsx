import { useState } from 'react';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Requirement } from '@palisade/domain/compliance/compliance.schema';
import { complianceMessages } from '@palisade/domain/compliance/compliance.messages';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRequirements, useRetireRequirement } from '../api/requirements-api';
import { RequirementDialog } from './requirement-dialog';

const t = complianceScreensMessages;

/** Whom a requirement applies to, as the list says it. */
function appliesToText(r: Requirement): string {
  if (r.appliesTo === 'COMPANIES') return t.appliesToCompanies(r.contractorIds.length);
  if (r.appliesTo === 'LOCATIONS') return t.appliesToLocations(r.locations.join(', '));
  return complianceMessages.scopeLabels.ALL;
}

const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

/**
 * The organisation's requirements (issue 57): name, applies to, mandatory, expires, reminder days,
 * reviewer and whether retired; Add and Edit open the requirement dialog, Retire asks first. The
 * table scrolls sideways inside its card on a phone.
 */
export function RequirementsPanel({ companyId }: { companyId: string }) {
  const [includeRetired, setIncludeRetired] = useState(false);
  const query = useRequirements(companyId, includeRetired);
  const retire = useRetireRequirement();
  const [dialog, setDialog] = useState<{ open: boolean; id: string | null }>({ open: false, id: null });
  const [retiring, setRetiring] = useState<Requirement | null>(null);
  const requirements = query.data?.requirements ?? [];
  // The edited requirement as last read: after a 409 the dialog takes the new version.
  const editing = dialog.id === null ? null : (requirements.find((r) => r._id === dialog.id) ?? null);

  return (
    <Card sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2 }}>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setDialog({ open: true, id: null })}>
          {t.addRequirement}
        </Button>
        <FormControlLabel
          control={<Checkbox checked={includeRetired} onChange={(e) => setIncludeRetired(e.target.checked)} />}
          label={t.showRetired}
        />
      </Box>
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={t.requirementsLabel} />}</Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table aria-label={t.requirementsLabel} size="small" sx={{ minWidth: 860 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={head}>{t.name}</TableCell>
              <TableCell sx={head}>{t.appliesTo}</TableCell>
              <TableCell sx={head}>{t.mandatory}</TableCell>
              <TableCell sx={head}>{t.expires}</TableCell>
              <TableCell sx={head}>{t.reminderDays}</TableCell>
              <TableCell sx={head}>{t.reviewer}</TableCell>
              <TableCell sx={head}>{t.retired}</TableCell>
              <TableCell sx={head} align="right">
                {t.actions}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {query.isSuccess && requirements.length === 0 && (
              <TableRow>
                <TableCell colSpan={8} sx={{ py: 4, color: 'text.secondary' }}>
                  {t.noRequirementsYet}
                </TableCell>
              </TableRow>
            )}
            {requirements.map((r) => (
              <TableRow key={r._id} hover data-testid="requirement-row">
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                  <Typography sx={{ fontWeight: 600 }}>{r.name}</Typography>
                  {r.description && (
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                      {r.description}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>{appliesToText(r)}</TableCell>
                <TableCell>{r.mandatory ? t.yes : t.no}</TableCell>
                <TableCell>{r.expires ? t.yes : t.no}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.expires ? r.reminderDays.join(', ') : '—'}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>{complianceMessages.reviewerLabels[r.reviewer]}</TableCell>
                <TableCell>{r.retired ? t.yes : t.no}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {!r.retired && (
                    <>
                      <Button size="small" aria-label={t.editRequirementLabel(r.name)} onClick={() => setDialog({ open: true, id: r._id })}>
                        {t.edit}
                      </Button>
                      <Button size="small" color="error" aria-label={t.retireLabel(r.name)} onClick={() => setRetiring(r)}>
                        {t.retire}
                      </Button>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <RequirementDialog
        open={dialog.open}
        companyId={companyId}
        requirement={editing}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <ConfirmDialog
        open={retiring !== null}
        title={t.retireTitle}
        message={retiring ? t.retireConfirm(retiring.name) : ''}
        confirmLabel={t.retire}
        cancelLabel={t.cancel}
        destructive
        loading={retire.isPending}
        onConfirm={() => {
          if (!retiring) return;
          retire.mutate(
            { requirementId: retiring._id, version: retiring.version },
            { onSettled: () => setRetiring(null) },
          );
        }}
        onCancel={() => setRetiring(null)}
      />
    </Card>
  );
}
