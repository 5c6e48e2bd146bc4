import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { twoFactorMessages as t } from '@palisade/domain/auth/two-factor.messages';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { useResetTwoFactor } from '../api/reset-two-factor';

/**
 * On a user's View page (issue 59): the organisation's admin resets the user's second factor (a
 * lost phone), after a confirmation; the activity log records it and the user is told by mail.
 */
export function TwoFactorResetCard({ userId, name }: { userId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const reset = useResetTwoFactor(t.resetDone(name));
  return (
    <Box sx={{ mt: 3 }}>
      <SectionCard title={t.resetTitle}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
            {t.resetConfirm(name)}
          </Typography>
          <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
            {t.resetButton}
          </Button>
        </Box>
        <ConfirmDialog
          open={open}
          title={t.resetTitle}
          message={t.resetConfirm(name)}
          confirmLabel={t.reset}
          cancelLabel={t.cancel}
          destructive
          loading={reset.isPending}
          onCancel={() => setOpen(false)}
          onConfirm={() => reset.mutate({ userId }, { onSettled: () => setOpen(false) })}
        />
      </SectionCard>
    </Box>
  );
}
