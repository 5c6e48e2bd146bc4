import type { FastifyInstance } from 'fastify';
import { assessmentReplySchema } from '@palisade/domain/assessments/assessment.schema';
import { dayIn, LATEST_DAY_ZONE } from '@palisade/domain/organisations/time-zone';
import {
  addStarterSetReplySchema,
  addStarterSetSchema,
  duplicateAssessmentSchema,
  getStarterSetsSchema,
  starterSetsReplySchema,
} from '@palisade/domain/templates/templates.schema';
import { templatesMessages } from '@palisade/domain/templates/templates.messages';
import { ok } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

const m = templatesMessages;

/**
 * Templates (issue 58): duplicate an assessment, and the starter library the organisation adds to
 * its question bank. Who may call: domain policy.ts; ownership is checked by the service (another
 * organisation's ids are 404).
 */
export async function templatesRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { templates } = opts.services;
  // "Not before today" reads the clock's day at each check: the last day to end (UTC-12); the
  // service then checks the organisation's own (issue 60).
  const duplicateSchema = duplicateAssessmentSchema(() => dayIn(opts.services.clock.now(), LATEST_DAY_ZONE));

  app.post(
    '/templates/duplicateAssessment',
    {
      schema: {
        summary: 'Copy an assessment (sections, questions, marks, factors) into a new NEW one, shared with nobody',
        description: "Dates are checked against the organisation's today (the day in its time zone).",
        body: duplicateSchema,
        response: replyOf(assessmentReplySchema),
      },
      config: { policy: 'templates.duplicateAssessment' },
    },
    async (request) => ok(await templates.duplicate(signedIn(request), request.body), m.duplicated),
  );

  app.post(
    '/templates/getStarterSets',
    {
      schema: { summary: 'The starter library, each set with how much of it the question bank holds', body: getStarterSetsSchema, response: replyOf(starterSetsReplySchema) },
      config: { policy: 'templates.getStarterSets' },
    },
    async (request) => ok(await templates.listSets(signedIn(request), request.body.companyId)),
  );

  app.post(
    '/templates/addStarterSet',
    {
      schema: { summary: "Add a starter set's categories and questions to the question bank (what it holds is kept)", body: addStarterSetSchema, response: replyOf(addStarterSetReplySchema) },
      config: { policy: 'templates.addStarterSet' },
    },
    async (request) => {
      const { reply, name } = await templates.addSet(signedIn(request), request.body.companyId, request.body.setId);
      const added = reply.categoriesAdded + reply.questionsAdded > 0;
      return ok(reply, added ? m.setAdded(name, reply.categoriesAdded, reply.questionsAdded) : m.setAlreadyAdded(name));
    },
  );
}
