import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { twoFactorMessages as t } from '@palisade/domain/auth/two-factor.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/dates';
import { sessionsKey, useRevokeSession, useSessions } from '../api/sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';

/**
 * The user's signed-in sessions (issue 59): device (from its user agent), address, started and
 * last seen, this one marked; each other one can be signed out, or all of them at once.
 */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const list = useSessions();
  const revoke = useRevokeSession();
  const signOutOthers = useSignOutOtherSessions();
  const others = (list.data ?? []).filter((s) => !s.current).length;

  return (
    <SectionCard title={t.sessionsTitle}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t.sessionsHelp}
      </Typography>
      {list.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <Box
          component="ul"
          aria-label={t.sessionsTitle}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
        >
          {(list.data ?? []).map((s) => {
            const device = s.device ?? t.unknownDevice;
            const removing = revoke.isPending && revoke.variables.sessionId === s._id;
            return (
              <Box
                component="li"
                key={s._id}
                data-testid="session-row"
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1,
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: 1.5,
                }}
              >
                <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {device}
                    </Typography>
                    {s.current && <Chip size="small" color="primary" label={t.thisDevice} />}
                  </Box>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {[
                      s.address ? `${t.addressColumn}: ${s.address}` : null,
                      `${t.startedColumn}: ${formatDateTime(s.startedAt)}`,
                      `${t.lastSeenColumn}: ${formatDateTime(s.lastSeenAt ?? s.startedAt)}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
                {!s.current && (
                  <Button
                    variant="outlined"
                    size="small"
                    loading={removing}
                    aria-label={t.signOutSession(device)}
                    onClick={() => revoke.mutate({ sessionId: s._id })}
                  >
                    {t.signOut}
                  </Button>
                )}
              </Box>
            );
          })}
        </Box>
      )}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          mt: 2,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {list.data && others === 0 ? t.noOtherSessions : ''}
        </Typography>
        <Button
          variant="outlined"
          loading={signOutOthers.isPending}
          onClick={() =>
            signOutOthers.mutate(undefined, {
              onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
            })
          }
        >
          {coreMessages.auth.signOutOtherSessions}
        </Button>
      </Box>
    </SectionCard>
  );
}
