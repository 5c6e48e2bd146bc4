import type { FastifyInstance } from 'fastify';
import {
  assessmentStatusCountsReplySchema,
  capPerformanceSchema,
  dashboardCompanySchema,
  engagementReplySchema,
  leaderboardPageOf,
  leaderboardQueryReplySchema,
  leaderboardQuerySchema,
  pendingTasksReplySchema,
  pendingTasksSchema,
  performanceReplySchema,
} from '@palisade/domain/dashboards/dashboard.schema';
import { JSON_TYPE, okJson, okSharedJson } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';
import type { ReplyText } from './dashboards.service';

/** The envelope around a reply's text: a shared one's kept (okSharedJson). */
const envelope = (r: ReplyText) => (r.shared ? okSharedJson(r.json) : okJson(r.json));

/**
 * Dashboards, Engagement and leaderboard (company-and-auditor §2.2, §2.3, §7): the performance
 * data, the leaderboard, the band counts with their details, Pending Tasks and the Overall
 * Assessments counts. The E-S-G-O and per-contractor totals are the review module's reads.
 */
export async function dashboardsRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dashboards } = opts.services;

  app.post(
    '/assessment/responses/getCapPerformanceData',
    { schema: { body: capPerformanceSchema, response: replyOf(performanceReplySchema) }, config: { policy: 'responses.getCapPerformanceData' } },
    async (request, reply) => reply.type(JSON_TYPE).send(okSharedJson(await dashboards.performance(signedIn(request), request.body))),
  );

  app.get(
    '/admin/leaderboard',
    { schema: { querystring: leaderboardQuerySchema, response: replyOf(leaderboardQueryReplySchema) }, config: { policy: 'admin.leaderboard' } },
    async (request, reply) => {
      const query = request.query;
      return reply.type(JSON_TYPE).send(envelope(await dashboards.leaderboard(signedIn(request), query.cmp_id, leaderboardPageOf(query))));
    },
  );

  app.post(
    '/dashboard/getEngagement',
    { schema: { body: dashboardCompanySchema, response: replyOf(engagementReplySchema) }, config: { policy: 'dashboard.getEngagement' } },
    async (request, reply) => reply.type(JSON_TYPE).send(envelope(await dashboards.engagement(signedIn(request), request.body.companyId))),
  );

  app.post(
    '/dashboard/getPendingTasks',
    { schema: { body: pendingTasksSchema, response: replyOf(pendingTasksReplySchema) }, config: { policy: 'dashboard.getPendingTasks' } },
    async (request, reply) => reply.type(JSON_TYPE).send(okSharedJson(await dashboards.pendingTasks(signedIn(request), request.body))),
  );

  app.post(
    '/dashboard/getAssessmentStatusCounts',
    {
      schema: { body: dashboardCompanySchema, response: replyOf(assessmentStatusCountsReplySchema) },
      config: { policy: 'dashboard.getAssessmentStatusCounts' },
    },
    async (request, reply) => reply.type(JSON_TYPE).send(okSharedJson(await dashboards.statusCounts(signedIn(request), request.body.companyId))),
  );
}
