import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { coreMessages } from '@palisade/domain/messages-core';
import { dismissError, useNotifier } from '../lib/notifier';

/**
 * The Error dialog of the whole app, fed by lib/notifier (showError). It closes only through Ok:
 * no onClose, so neither a click outside nor Escape dismisses an error unread.
 */
export function ErrorDialog() {
  const { errors } = useNotifier();
  const current = errors[0];
  return (
    <Dialog
      open={current !== undefined}
      disableEscapeKeyDown
      aria-labelledby="error-dialog-title"
      aria-describedby="error-dialog-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="error-dialog-title">{coreMessages.common.errorTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="error-dialog-message" sx={{ overflowWrap: 'anywhere' }}>
          {current?.message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={dismissError} variant="contained" autoFocus>
          {coreMessages.common.ok}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
