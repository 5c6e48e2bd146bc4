import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { webMessages } from '@palisade/domain/messages/web';
import { Splash } from '../../../components/splash';
import { showError } from '../../../lib/notifier';
import { clearSession } from '../../../lib/session';
import { useSignOut } from '../api/sign-out';

/**
 * Shown for a signed-in account that has no web shell (operators, employees, unknown roles):
 * tells the user why, ends the session and returns to the sign-in page.
 */
export function EndSessionWithoutShell() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutate } = useSignOut();
  // Once per visit, even when React mounts effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    showError(webMessages.noWebAccess);
    mutate(undefined, {
      // The server may keep the session, but this browser still leaves the account.
      onError: () => {
        clearSession(queryClient);
        void navigate('/', { replace: true });
      },
    });
  }, [mutate, navigate, queryClient]);

  return <Splash />;
}
