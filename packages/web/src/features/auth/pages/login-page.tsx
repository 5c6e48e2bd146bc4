import Link from '@mui/material/Link';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { RETURN_PARAM, returnPath } from '@palisade/domain/auth/return-path.rules';
import { coreMessages } from '@palisade/domain/messages-core';
import { homeRoute } from '@palisade/domain/user-types';
import { Splash } from '../../../components/splash';
import { setSessionProfile, shellOfProfile, useMe } from '../../../lib/session';
import { EndSessionWithoutShell } from '../components/end-session-without-shell';
import { LoginForm } from '../components/login-form';

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
      forgotLink={
        <Link component={RouterLink} to="/Forgot_Password">
          {coreMessages.auth.forgotPasswordLink}
        </Link>
      }
    />
  );
}
