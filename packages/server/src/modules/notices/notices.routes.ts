import type { FastifyInstance } from 'fastify';
import {
  createNoticeSchema,
  noticesByCompanySchema,
  noticesQuerySchema,
  noticeViewReplySchema,
  recordNoticeViewSchema,
  storageReferenceSchema,
  topicDocsReplySchema,
  topicDocsSchema,
} from '@palisade/domain/learning/learning.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

const m = messages.learning;

/** The Noticeboard (issue 15): notices are learning documents under topic Notices. */
export async function noticesRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { notices } = opts.services;

  app.post(
    '/company/getLearningTopicDocs',
    { schema: { body: topicDocsSchema, response: replyOf(topicDocsReplySchema) }, config: { policy: 'learning.getLearningTopicDocs' } },
    async (request) => {
      const { companyId, topic } = request.body;
      return ok(await notices.topicDocs(signedIn(request), companyId, topic));
    },
  );

  app.post(
    '/notice/createNotice',
    { schema: { body: createNoticeSchema, response: replyOf(storageReferenceSchema) }, config: { policy: 'notice.createNotice' } },
    async (request) => ok(await notices.createNotice(signedIn(request), request.body), m.noticeCreated),
  );

  app.post(
    '/notice/getNoticesByCompanyId',
    {
      schema: { body: noticesByCompanySchema, querystring: noticesQuerySchema, response: replyOf(topicDocsReplySchema) },
      config: { policy: 'notice.getNoticesByCompanyId' },
    },
    async (request) => ok(await notices.noticesOf(signedIn(request), request.body.companyId, request.query.viewers)),
  );

  app.get(
    '/notice/getAllNotices',
    { schema: { querystring: noticesQuerySchema, response: replyOf(topicDocsReplySchema) }, config: { policy: 'notice.getAllNotices' } },
    async (request) => ok(await notices.allNotices(signedIn(request), request.query.viewers)),
  );

  app.post(
    '/notice/recordNoticeView',
    { schema: { body: recordNoticeViewSchema, response: replyOf(noticeViewReplySchema) }, config: { policy: 'notice.recordNoticeView' } },
    async (request) => ok(await notices.recordView(signedIn(request), request.body.noticeId), m.viewRecorded),
  );
}
