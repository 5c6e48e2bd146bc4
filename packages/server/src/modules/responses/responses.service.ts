import { AppError } from '@palisade/domain/errors';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import type { ReviewSectionInResponseBody } from '@palisade/domain/responses/review.schema';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Generation } from '../../db/read-memo';
import type { AuthContext } from '../../plugins/auth-context';
import type { FilesService } from '../files/files.service';
import { createResponseAnswering } from './response-answering.service';
import { createResponseAttachments } from './response-attachments.service';
import { createResponseReads } from './response-reads.service';
import { createResponseSubmit, type ChangeStatusInput } from './response-submit.service';
import { saveReply } from './responses.presenter';
import { createSectionSave } from './section-save.service';
import type { Notifier } from '../notifications/notifications.service';
import type { ReviewService } from './review.service';

export interface ResponsesDeps {
  db: Db;
  files: FilesService;
  /** The auditor's side of updateSectionInResponse and changeResponseStatus (review.service.ts). */
  review: ReviewService;
  /** What kept version lookups go by (db/freshness.ts). */
  generation: Generation;
  /** Tells the organisation of a submit (issue 22). */
  notifier: Notifier;
  /** The time every write goes by (lib/clock.ts). */
  clock: Clock;
}

/**
 * Responses (foundation-and-contractor §2 to §4, §7; DECISIONS.md States and Scores), one
 * service per journey: reads (response-reads), the start (response-answering), the saves of
 * answers (section-save), submit (response-submit), attachments (response-attachments); the
 * auditor's side of the shared calls is review.service.ts. Another contractor's or tenant's
 * response is 404, so that whether it exists is not told.
 */
export function createResponsesService(deps: ResponsesDeps) {
  const { db, files, review, clock } = deps;
  const reads = createResponseReads({ db, generation: deps.generation });
  const answering = createResponseAnswering({ db, clock });
  const saving = createSectionSave({ db, files, clock });
  const submit = createResponseSubmit({ db, notifier: deps.notifier, clock });
  const attachments = createResponseAttachments({ db, files, clock });

  return {
    ...reads,
    start: (...args: Parameters<typeof answering.start>) => answering.start(...args),
    ...attachments,

    /**
     * updateSectionInResponse, by user type: the contractor's answers (judgements and scores it
     * sends are ignored), the auditor's judgements and score (answers it sends are ignored). The
     * reply is the whole response, or only the questions sent when `reply` asks for it.
     */
    async saveSection(ctx: AuthContext, input: ReviewSectionInResponseBody): Promise<ResponseReply> {
      let reply: ResponseReply;
      switch (ctx.user.type) {
        case UserType.CONTRACTOR:
          reply = await saving.saveSection(ctx, input);
          break;
        case UserType.AUDITOR:
          reply = await review.saveSection(ctx, input);
          break;
        default:
          throw new AppError('FORBIDDEN');
      }
      const sent = input.responseData.questions.map((q) => q._id);
      return saveReply(reply, input.sectionId, sent, input.reply);
    },

    /** changeResponseStatus, by user type: a contractor may only submit; an auditor REASSESSMENT or COMPLETED. */
    async changeStatus(ctx: AuthContext, input: ChangeStatusInput): Promise<ResponseReply> {
      switch (ctx.user.type) {
        case UserType.CONTRACTOR:
          return submit.submit(ctx, input);
        case UserType.AUDITOR:
          return review.changeStatus(ctx, input);
        default:
          throw new AppError('FORBIDDEN');
      }
    },
  };
}
export type ResponsesService = ReturnType<typeof createResponsesService>;
