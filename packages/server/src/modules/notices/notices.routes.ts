import type { FastifyInstance } from 'fastify';
import {
  createNoticeSchema,
  noticesByCompanySchema,
  noticesQuerySchema,
  recordNoticeViewSchema,
  topicDocsSchema,
} from '@palisade/domain/learning/learning.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';

const m = messages.learning;

/** The Noticeboard (issue 15): notices are learning documents under topic Notices. */
export async function noticesRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { notices } = opts.services;

  app.post('/company/getLearningTopicDocs', async (request) => {
    const ctx = authorize(request, 'learning.getLearningTopicDocs');
    const { companyId, topic } = validate(topicDocsSchema, request.body);
    return ok(await notices.topicDocs(ctx, companyId, topic));
  });

  app.post('/notice/createNotice', async (request) => {
    const ctx = authorize(request, 'notice.createNotice');
    const input = validate(createNoticeSchema, request.body);
    return ok(await notices.createNotice(ctx, input), m.noticeCreated);
  });

  app.post('/notice/getNoticesByCompanyId', async (request) => {
    const ctx = authorize(request, 'notice.getNoticesByCompanyId');
    const { companyId } = validate(noticesByCompanySchema, request.body);
    const { viewers } = validate(noticesQuerySchema, request.query);
    return ok(await notices.noticesOf(ctx, companyId, viewers));
  });

  app.get('/notice/getAllNotices', async (request) => {
    const ctx = authorize(request, 'notice.getAllNotices');
    const { viewers } = validate(noticesQuerySchema, request.query);
    return ok(await notices.allNotices(ctx, viewers));
  });

  app.post('/notice/recordNoticeView', async (request) => {
    const ctx = authorize(request, 'notice.recordNoticeView');
    const { noticeId } = validate(recordNoticeViewSchema, request.body);
    return ok(await notices.recordView(ctx, noticeId), m.viewRecorded);
  });
}
