import type { FastifyInstance } from 'fastify';
import {
  capPerformanceSchema,
  dashboardCompanySchema,
  leaderboardPageOf,
  leaderboardQuerySchema,
  pendingTasksSchema,
} from '@palisade/domain/dashboards/dashboard.schema';
import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import { JSON_TYPE, okJson, okSharedJson } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';
import type { ReplyText } from './dashboards.service';

/** The envelope around a reply's text: a shared one's kept (okSharedJson). */
const envelope = (r: ReplyText) => (r.shared ? okSharedJson(r.json) : okJson(r.json));

/**
 * Dashboards, Engagement and leaderboard (company-and-auditor §2.2, §2.3, §7): the performance
 * data, the leaderboard, the band counts with their details, Pending Tasks and the Overall
 * Assessments counts. The E-S-G-O and per-contractor totals are the review module's reads.
 */
export async function dashboardsRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { dashboards } = opts.services;

  app.post('/assessment/responses/getCapPerformanceData', async (request, reply) => {
    const ctx = authorize(request, 'responses.getCapPerformanceData');
    const input = validate(capPerformanceSchema, request.body);
    return reply.type(JSON_TYPE).send(okSharedJson(await dashboards.performance(ctx, input)));
  });

  app.get('/admin/leaderboard', async (request, reply) => {
    const ctx = authorize(request, 'admin.leaderboard');
    const query = validate(leaderboardQuerySchema, request.query);
    return reply.type(JSON_TYPE).send(envelope(await dashboards.leaderboard(ctx, query.cmp_id, leaderboardPageOf(query))));
  });

  app.post('/dashboard/getEngagement', async (request, reply) => {
    const ctx = authorize(request, 'dashboard.getEngagement');
    const { companyId } = validate(dashboardCompanySchema, request.body);
    return reply.type(JSON_TYPE).send(envelope(await dashboards.engagement(ctx, companyId)));
  });

  app.post('/dashboard/getPendingTasks', async (request, reply) => {
    const ctx = authorize(request, 'dashboard.getPendingTasks');
    const input = validate(pendingTasksSchema, request.body);
    return reply.type(JSON_TYPE).send(okSharedJson(await dashboards.pendingTasks(ctx, input, isoDay(new Date()))));
  });

  app.post('/dashboard/getAssessmentStatusCounts', async (request, reply) => {
    const ctx = authorize(request, 'dashboard.getAssessmentStatusCounts');
    const { companyId } = validate(dashboardCompanySchema, request.body);
    return reply.type(JSON_TYPE).send(okSharedJson(await dashboards.statusCounts(ctx, companyId)));
  });
}
