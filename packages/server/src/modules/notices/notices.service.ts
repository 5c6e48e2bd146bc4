import { NOTICES_TOPIC } from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import type {
  CreateNoticeInput,

  NoticeViewReply,
  StorageReference,
  TopicDocsReply,
} from '@palisade/domain/learning/learning.schema';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { presentLearningDoc, type PresentedViewer } from '../learning/learning.presenter';
import { learningRepository } from '../learning/learning.repository';
import { ownOrganisation, type LearningService } from '../learning/learning.service';
import { noticesRepository } from './notices.repository';

const m = messages.learning;

/**
 * The Noticeboard (issue 15; foundation-and-contractor §2, §3, §9; DECISIONS.md: notices are
 * learning documents under topic Notices, on the Learning page). The organisation and its
 * contractors add notices; they and the employees read them; each contractor's or employee's first
 * opening is recorded once. Completed by is readers ÷ usersCount: the organisation counts every
 * reader of its audience; a contractor its own side (itself and its employees), as contractors do
 * not see one another.
 */
export function createNoticesService(deps: { db: Db; learning: LearningService }) {
  const { db, learning } = deps;

  /** The side whose reads a caller counts: null for the organisation, else a contractor's id. */
  const sideOf = (ctx: AuthContext): string | null =>
    ctx.user.type === UserType.ORGANISATION ? null : ctx.user.type === UserType.CONTRACTOR ? ctx.user.id : (ctx.user.contractorId ?? '');

  async function list(ctx: AuthContext, organisationIds: readonly string[], topic: string, withViewers: boolean): Promise<TopicDocsReply> {
    const rows = await learningRepository.listDocuments(db, organisationIds, topic);
    const side = sideOf(ctx);
    const ids = rows.map((r) => r.id);
    const counts = await noticesRepository.viewCounts(db, ids, side);
    const mine = await noticesRepository.viewedBy(db, ids, ctx.user.id);
    const viewers = withViewers && ctx.user.type !== UserType.EMPLOYEE ? await noticesRepository.viewersOf(db, ids, side) : [];
    const byDoc = new Map<string, PresentedViewer[]>();
    for (const v of viewers) byDoc.set(v.docId, [...(byDoc.get(v.docId) ?? []), v]);
    return {
      docs: rows.map((r) => presentLearningDoc(r, ctx.user, { viewersCount: counts.get(r.id) ?? 0, viewedByMe: mine.has(r.id), viewers: byDoc.get(r.id) ?? [] })),
      usersCount: await noticesRepository.audience(db, organisationIds, side),
    };
  }

  return {
    /**
     * POST notice/createNotice: a learning document under topic Notices; the storage reference of
     * its file. The same user's repeat (the same id) gets the first's reference, nothing told again.
     */
    async createNotice(ctx: AuthContext, input: CreateNoticeInput): Promise<StorageReference> {
      const organisationId = ownOrganisation(ctx, input.cmp_id);
      const { reference } = await learning.createDocument(ctx, organisationId, NOTICES_TOPIC, { ...input.document, subcat: '' }, input.id);
      return reference;
    },

    /** POST company/getLearningTopicDocs {companyId, topic}: the topic's documents and usersCount. */
    async topicDocs(ctx: AuthContext, companyId: string, topic: string): Promise<TopicDocsReply> {
      const organisationId = ownOrganisation(ctx, companyId, 'companyId');
      const name = topic.toLowerCase() === NOTICES_TOPIC.toLowerCase() ? NOTICES_TOPIC : topic;
      return list(ctx, [organisationId], name, true);
    },

    /** POST notice/getNoticesByCompanyId?viewers= */
    async noticesOf(ctx: AuthContext, companyId: string, withViewers: boolean): Promise<TopicDocsReply> {
      return list(ctx, [ownOrganisation(ctx, companyId, 'companyId')], NOTICES_TOPIC, withViewers);
    },

    /** GET notice/getAllNotices?viewers=: the notices of every organisation the caller belongs to or serves. */
    async allNotices(ctx: AuthContext, withViewers: boolean): Promise<TopicDocsReply> {
      return list(ctx, ctx.organisationIds, NOTICES_TOPIC, withViewers);
    },

    /** POST notice/recordNoticeView: the signed-in reader opened the notice; recorded once. */
    async recordView(ctx: AuthContext, noticeId: string): Promise<NoticeViewReply> {
      const doc = await learningRepository.findDocument(db, noticeId);
      if (!doc || !doc.ready || doc.topic !== NOTICES_TOPIC || !ctx.organisationIds.includes(doc.organisationId))
        throw new AppError('NOT_FOUND', m.noticeNotFound, { field: 'noticeId' });
      const { viewedAt, recorded } = await noticesRepository.recordView(db, {
        docId: doc.id,
        userId: ctx.user.id,
        contractorId: sideOf(ctx) ?? '',
        viewerType: ctx.user.type,
        viewerName: ctx.user.name,
      });
      return { noticeId: doc.id, viewed_at: viewedAt.toISOString(), recorded };
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
