import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { coreMessages } from '@palisade/domain/messages-core';
import { dismissSuccess, useNotifier } from '../lib/notifier';

/** The Success helper's view: a titled snackbar fed by lib/notifier (showSuccess). */
export function SuccessSnackbar() {
  const { success } = useNotifier();

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not hide the confirmation before it is read.
    if (reason === 'clickaway') return;
    dismissSuccess();
  };

  return (
    <Snackbar
      key={success?.id}
      open={success !== null}
      autoHideDuration={5000}
      onClose={handleClose}
      // At the bottom: on phones the top would cover the menu toggle and Log out.
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="success" variant="filled" onClose={dismissSuccess} sx={{ width: '100%' }}>
        <AlertTitle>{coreMessages.common.successTitle}</AlertTitle>
        {success?.message}
      </Alert>
    </Snackbar>
  );
}
