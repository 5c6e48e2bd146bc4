import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import type { SubmitSummary } from '@palisade/domain/responses/response.rules';
import { ResponseStatus } from '@palisade/domain/statuses';

const t = responseScreensMessages;

/**
 * Asks before Submit (issue 18) with what is sent: questions answered, files, and in
 * REASSESSMENT how many rejected answers are unchanged. Cancel has the focus.
 */
export function SubmitConfirmDialog({
  open,
  status,
  summary,
  loading,
  onConfirm,
  onCancel,
  extraLines = [],
}: {
  /** More lines of what is sent (issue 58: the carried-over answers not confirmed yet). */
  extraLines?: readonly string[];
  open: boolean;
  status: ResponseStatus;
  summary: SubmitSummary;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const lines = [t.submitAnswered(summary.answered, summary.total), t.submitFiles(summary.files)];
  if (status === ResponseStatus.REASSESSMENT)
    lines.push(t.submitUnchanged(summary.unchanged, summary.reopened));
  lines.push(...extraLines);
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{t.submitConfirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{t.submitConfirmIntro}</DialogContentText>
        <List dense aria-label={t.submitConfirmTitle}>
          {lines.map((line) => (
            <ListItem key={line} disableGutters>
              <ListItemText primary={line} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={loading} autoFocus>
          {t.cancel}
        </Button>
        <Button variant="contained" onClick={onConfirm} loading={loading}>
          {t.submitConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
