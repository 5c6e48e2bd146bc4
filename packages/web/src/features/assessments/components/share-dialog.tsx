import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { contractorsField } from '@palisade/domain/assessments/assessment.schema';
import { coreMessages } from '@palisade/domain/messages-core';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import type { ContractorOption } from '../api/assessment-types';

const t = assessmentScreensMessages;

interface ShareDialogProps {
  open: boolean;
  contractors: readonly ContractorOption[];
  loading: boolean;
  /** The ids shared with so far. */
  initial: readonly string[];
  saving: boolean;
  onClose: () => void;
  /**
   * The chosen companies, one entry per row of the list: the id when checked, '' when not
   * (spec §2.6); the schema drops the empty entries.
   */
  onSave: (contractors: string[]) => void;
}

/** Select Companies (Share): Select All / Deselect All, a checkbox per company, and Save. */
export function ShareDialog(props: ShareDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.saving ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t.selectCompanies}</DialogTitle>
      {props.open && <ShareDialogBody {...props} />}
    </Dialog>
  );
}

function ShareDialogBody({
  contractors,
  loading,
  initial,
  saving,
  onClose,
  onSave,
}: ShareDialogProps) {
  const listId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial));
  const [error, setError] = useState<string | null>(null);
  const allChosen = contractors.length > 0 && contractors.every((c) => chosen.has(c._id));

  const toggle = (id: string) => {
    setError(null);
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const toggleAll = () => {
    setError(null);
    setChosen(allChosen ? new Set() : new Set(contractors.map((c) => c._id)));
  };

  const save = () => {
    const entries = contractors.map((c) => (chosen.has(c._id) ? c._id : ''));
    // Companies shared with before and no longer listed (deleted since) stay shared.
    const kept = [...chosen].filter((id) => !contractors.some((c) => c._id === id));
    const value = [...kept, ...entries];
    const parsed = contractorsField.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? assessmentMessages.minOneCompany);
      return;
    }
    onSave(value);
  };

  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        {loading && <LinearProgress aria-label={coreMessages.common.loading} />}
        {!loading && contractors.length === 0 && (
          <Typography color="text.secondary">{t.noCompanies}</Typography>
        )}
        {contractors.length > 0 && (
          <>
            <Box
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: 1,
              }}
            >
              <Typography variant="h3" component="h3" id={listId}>
                {t.companiesList}
              </Typography>
              <Button onClick={toggleAll} disabled={saving}>
                {allChosen ? t.deselectAll : t.selectAll}
              </Button>
            </Box>
            <List
              dense
              disablePadding
              aria-labelledby={listId}
              sx={{
                maxHeight: 360,
                overflowY: 'auto',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                mt: 1,
                '& > li:last-of-type': { borderBottom: 0 },
              }}
            >
              {contractors.map((c) => {
                const secondary = [c.contactPersonName, c.emailid].filter(Boolean).join(' · ');
                return (
                  <ListItem key={c._id} divider sx={{ py: 0.5 }}>
                    <FormControlLabel
                      sx={{ flexGrow: 1, mr: 0, alignItems: 'flex-start', minWidth: 0 }}
                      disabled={saving}
                      control={
                        <Checkbox checked={chosen.has(c._id)} onChange={() => toggle(c._id)} />
                      }
                      label={
                        <Box sx={{ py: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                          <Typography component="span" sx={{ display: 'block' }}>
                            {c.name}
                            {!c.isActive && (
                              <Chip
                                size="small"
                                label={t.inactive}
                                component="span"
                                sx={{ ml: 1 }}
                              />
                            )}
                          </Typography>
                          {secondary && (
                            <Typography
                              component="span"
                              variant="body2"
                              color="text.secondary"
                              sx={{ display: 'block' }}
                            >
                              {secondary}
                            </Typography>
                          )}
                        </Box>
                      }
                    />
                  </ListItem>
                );
              })}
            </List>
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t.cancel}
        </Button>
        <Button variant="contained" onClick={save} loading={saving} disabled={loading}>
          {t.save}
        </Button>
      </DialogActions>
    </>
  );
}
