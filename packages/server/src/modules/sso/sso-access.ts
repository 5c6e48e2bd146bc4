import { domainOfEmail } from '@palisade/domain/sso/sso.rules';
import type { DbOrTx } from '../../db/client';
import { ssoRepository } from './sso.repository';

/**
 * Whether an organisation requires single sign-on for this e-mail's domain (issue 59): then its
 * password is refused (auth.service.ts signIn). Users of other domains (contractors, auditors of
 * other firms) keep their passwords unless their own domain is set up so.
 */
export function passwordRefusedBySso(db: DbOrTx, email: string): Promise<boolean> {
  const domain = domainOfEmail(email);
  return domain === '' ? Promise.resolve(false) : ssoRepository.ssoRequiredForDomain(db, domain);
}
