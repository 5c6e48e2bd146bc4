import { messages } from '@palisade/domain/messages';
import type { Mailer } from '../../mail/mailer';
import type { UserRow } from './auth.repository';
import type { AuthService } from './auth.service';

/** Mails an invitation to a new account; false when the mail could not leave. */
export type Invite = (user: UserRow, text: (link: string) => string) => Promise<boolean>;

/**
 * The invitation of every new account (contractor, auditor, employee; DECISIONS.md, Sign-in and
 * accounts): a single-use set-password code, mailed as the reset link is.
 */
export function createInviter(deps: { auth: AuthService; mailer: Mailer }): Invite {
  return async (user, text) => {
    try {
      const link = await deps.auth.issueCode(user.id, 'invite');
      await deps.mailer.send({
        to: user.email,
        subject: messages.auth.inviteMailSubject,
        text: text(link),
        link,
      });
      return true;
    } catch {
      // The account exists either way; "Forgot password?" sends a new link.
      return false;
    }
  };
}
