import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';

/** Cancel (back to the list) and the form's submit button, right-aligned. */
export function FormButtons({
  cancelTo,
  submitLabel,
  loading,
  disabled = false,
}: {
  cancelTo: string;
  submitLabel: string;
  loading: boolean;
  disabled?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
      <Button component={RouterLink} to={cancelTo}>
        {userScreensMessages.cancel}
      </Button>
      <Button type="submit" variant="contained" loading={loading} disabled={disabled}>
        {submitLabel}
      </Button>
    </Box>
  );
}
