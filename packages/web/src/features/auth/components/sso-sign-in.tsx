import { useEffect, useRef, useState } from 'react';
import type { SsoDiscoverReply } from '@palisade/domain/sso/sso.schema';
import { ssoSignInMessages as m } from '@palisade/domain/sso/sso-sign-in.messages';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showError } from '../../../lib/notifier';
import { discoverSso, startSso, takeSsoFailure } from '../api/sso-sign-in';

/** Looks like an e-mail worth asking about (the schema checks it properly on submit). */
const EMAIL_LIKE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export interface SsoSignIn {
  /** What the server said of the current e-mail's domain; null until known (or for no e-mail). */
  reply: SsoDiscoverReply | null;
  /** The current e-mail's domain refuses passwords: the password field is not shown. */
  required: boolean;
  /** Asks the server about this e-mail's domain (once per e-mail); null when it cannot tell. */
  check(email: string): Promise<SsoDiscoverReply | null>;
  /** Goes to the provider's sign-in page; stays pending while the browser leaves. */
  go(email: string, rememberMe: boolean): Promise<void>;
  /** A password sign-in that the server refused for single sign-on: the form switches to it. */
  refused(email: string, error: unknown): boolean;
  pending: boolean;
}

/**
 * Single sign-on on the sign-in page (issue 59): the e-mail decides. Once it is typed (on leaving
 * the field, and again on submit) the server says whether its domain signs in through its
 * organisation's provider; a domain that requires it hides the password and the button continues
 * there; one that offers it shows a second button. A refusal sent back by the callback
 * (?sso_error=) opens the Error dialog once.
 */
export function useSsoSignIn(email: string): SsoSignIn {
  const [known, setKnown] = useState<{ email: string; reply: SsoDiscoverReply } | null>(null);
  const [pending, setPending] = useState(false);
  const asked = useRef(new Map<string, Promise<SsoDiscoverReply | null>>());

  const key = email.trim().toLowerCase();
  const reply = known !== null && known.email === key ? known.reply : null;

  const check = (value: string): Promise<SsoDiscoverReply | null> => {
    const k = value.trim().toLowerCase();
    if (!EMAIL_LIKE.test(k)) return Promise.resolve(null);
    let answer = asked.current.get(k);
    if (!answer) {
      answer = discoverSso(k).then(
        (r) => {
          setKnown({ email: k, reply: r });
          return r;
        },
        () => {
          // Not known: the password sign-in goes on as before, and may ask again next time.
          asked.current.delete(k);
          return null;
        },
      );
      asked.current.set(k, answer);
    }
    return answer;
  };

  // Once, with the page: a refusal the callback sent back, and the remembered e-mail's domain.
  const first = useRef(email);
  const checkRef = useRef(check);
  useEffect(() => {
    const failure = takeSsoFailure();
    if (failure) showError(m.failures[failure]);
    if (first.current !== '') void checkRef.current(first.current);
  }, []);

  return {
    reply,
    required: reply?.required === true,
    check,
    pending,
    async go(value, rememberMe) {
      setPending(true);
      try {
        await startSso({ email: value.trim(), rememberMe });
      } catch (error) {
        setPending(false);
        showError(errorMessage(error));
      }
    },
    refused(value, error) {
      const data = error instanceof ApiError ? error.data : null;
      if (!(error instanceof ApiError) || error.status !== 403 || typeof data !== 'object' || data === null || !('sso' in data)) return false;
      const k = value.trim().toLowerCase();
      const r = { sso: true, required: true };
      asked.current.set(k, Promise.resolve(r));
      setKnown({ email: k, reply: r });
      return true;
    },
  };
}
