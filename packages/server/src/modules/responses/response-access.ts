import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { ResponseStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { presentResponse } from './responses.presenter';
import { responsesRepository, type ResponseQuestionRow, type ResponseRow } from './responses.repository';

const m = messages.responses;

/** The states in which nobody may change answers any more. */
export function isClosed(status: ResponseStatus): boolean {
  return status === ResponseStatus.SUBMITTED || status === ResponseStatus.COMPLETED;
}

/** What the audit log keeps of a question's answer. */
export function answerSnapshot(q: Pick<ResponseQuestionRow, 'id' | 'answer' | 'attachments' | 'answerStatus' | 'assessStatus'>) {
  return {
    id: q.id,
    answer: q.answer,
    attachments: q.attachments.map((f) => f.filePath),
    answerStatus: q.answerStatus,
    assessStatus: q.assessStatus,
  };
}

/**
 * Whether the response is the caller's own and of an organisation that has not disabled it: a
 * contractor disabled by one organisation keeps its account for the others only (DECISIONS.md,
 * Names), so that organisation's responses, their chats and files are closed to it.
 */
export function isOwnResponse(ctx: AuthContext, row: { contractorId: string; organisationId: string }): boolean {
  return row.contractorId === ctx.user.id && ctx.organisationIds.includes(row.organisationId);
}

/** Who may read a response: its contractor; users and auditors of its organisation. */
export function mayRead(ctx: AuthContext, row: { contractorId: string; organisationId: string }): boolean {
  switch (ctx.user.type) {
    case UserType.CONTRACTOR:
      return isOwnResponse(ctx, row);
    case UserType.ORGANISATION:
    case UserType.AUDITOR:
      return ctx.organisationIds.includes(row.organisationId);
    default:
      return false;
  }
}

/** The body's contractorId must be the caller (a contractor reaches only its own data). */
export function ownContractorId(ctx: AuthContext, contractorId: string): void {
  if (contractorId !== ctx.user.id) throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
}

/** The response, presented with sections and timeline; 404 when missing. */
export async function readResponse(tx: DbOrTx, id: string): Promise<ResponseReply> {
  const record = await responsesRepository.load(tx, id);
  if (!record) throw new AppError('NOT_FOUND', m.notFound);
  return presentResponse(record);
}

/** Locks the caller's own response; anyone else's, or none, is 404. */
export async function lockOwn(tx: DbOrTx, ctx: AuthContext, id: string): Promise<ResponseRow> {
  const row = await responsesRepository.lock(tx, id);
  if (!row || !isOwnResponse(ctx, row)) throw new AppError('NOT_FOUND', m.notFound);
  return row;
}
