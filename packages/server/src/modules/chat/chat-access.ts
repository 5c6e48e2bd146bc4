import { UserType } from '@palisade/domain/user-types';
import type { AuthContext } from '../../plugins/auth-context';
import type { ChatResponseRef } from './chat.repository';

/** Who may read and write a response's rooms: its contractor; users and auditors of its organisation. */
export function mayUseChat(
  ctx: AuthContext,
  response: Pick<ChatResponseRef, 'contractorId' | 'organisationId'>,
): boolean {
  switch (ctx.user.type) {
    case UserType.CONTRACTOR:
      return response.contractorId === ctx.user.id;
    case UserType.ORGANISATION:
    case UserType.AUDITOR:
      return ctx.organisationIds.includes(response.organisationId);
    default:
      return false;
  }
}
