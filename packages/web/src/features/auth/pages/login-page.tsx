import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { RETURN_PARAM, returnPath } from '@palisade/domain/auth/return-path.rules';
import { coreMessages } from '@palisade/domain/messages-core';
import { homeRoute } from '@palisade/domain/user-types';
import { Splash } from '../../../components/splash';
import { draftsRevision, hasDrafts, subscribeDrafts } from '../../../lib/answer-drafts';
import { endedSessionOf, setSessionProfile, shellOfProfile, useMe } from '../../../lib/session';
import { EndSessionWithoutShell } from '../components/end-session-without-shell';
import { LoginForm } from '../components/login-form';

/**
 * After a session ended by itself (expiry, signed out elsewhere; not the user's own Log out): says
 * so, and, when answers typed before it ended are kept in this browser for that user, that they
 * will be saved after sign-in (issue 56). It follows the drafts as they change: the failed save
 * keeps its answer just after the 401 that brought the user here.
 */
function SessionEndedNotice() {
  useSyncExternalStore(subscribeDrafts, draftsRevision);
  const ended = endedSessionOf();
  if (!ended) return null;
  const kept = ended.userId !== null && hasDrafts(ended.userId);
  return (
    <Alert severity="warning" role="status" sx={{ mt: 2 }}>
      {kept ? coreMessages.auth.sessionEndedAnswersKept : coreMessages.auth.sessionEnded}
    </Alert>
  );
}

/**
 * / inside the app (after signing out, or a link within it): the sign-in page. A signed-in user
 * goes to the page asked for while signed out (?next=, when it is in its own group), else to the
 * home of their type. A visit that starts at / is served by app/boot.tsx
 * first, with the same form, before the router loads.
 */
export function LoginPage() {
  const me = useMe();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();

  if (me.isPending) return <Splash />;
  const user = me.data;
  if (user) {
    return shellOfProfile(user) ? (
      <Navigate
        to={returnPath(search.get(RETURN_PARAM), user.type) ?? homeRoute(user.type)}
        replace
      />
    ) : (
      <EndSessionWithoutShell />
    );
  }
  return (
    <LoginForm
      // The stored session makes this page redirect, as above.
      onSignedIn={(profile) => setSessionProfile(queryClient, profile)}
      notice={<SessionEndedNotice />}
      forgotLink={
        <Link component={RouterLink} to="/Forgot_Password">
          {coreMessages.auth.forgotPasswordLink}
        </Link>
      }
    />
  );
}
