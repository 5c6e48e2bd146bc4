import type { FastifyInstance } from 'fastify';
import { messages } from '@palisade/domain/messages';
import {
  confirmCarriedSchema,
  getRecurrenceReplySchema,
  getRecurrenceSchema,
  listRoundsReplySchema,
  listRoundsSchema,
  recurrenceReplySchema,
  responseRoundInputSchema,
  responseRoundReplySchema,
  setRecurrenceSchema,
  stopRecurrenceSchema,
} from '@palisade/domain/recurrence/recurrence.schema';
import { ok } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

const m = messages.recurrence;
const P = '/recurrence';

/**
 * Recurring assessments and carry-over (issue 58). Who may call what: domain policy.ts and
 * recurrence.schema.ts; ownership is checked by the services (another organisation's or
 * contractor's ids are 404).
 */
export async function recurrenceRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { recurrence, carryOver } = opts.services;

  app.post(
    `${P}/getRecurrence`,
    { schema: { summary: "An assessment's recurrence and its rounds (null when it does not recur)", body: getRecurrenceSchema, response: replyOf(getRecurrenceReplySchema) }, config: { policy: 'recurrence.getRecurrence' } },
    async (request) => ok(await recurrence.get(signedIn(request), request.body.assessmentId)),
  );

  app.post(
    `${P}/setRecurrence`,
    {
      schema: {
        summary: 'Make an assessment recur, or change or resume its recurrence (based on its version; 0 for a new one); a change applies from the next round on',
        body: setRecurrenceSchema,
        response: replyOf(recurrenceReplySchema),
      },
      config: { policy: 'recurrence.setRecurrence' },
    },
    async (request) => ok(await recurrence.set(signedIn(request), request.body), m.set),
  );

  app.post(
    `${P}/stopRecurrence`,
    { schema: { summary: 'Stop an assessment recurring (based on its version); open rounds stay open', body: stopRecurrenceSchema, response: replyOf(recurrenceReplySchema) }, config: { policy: 'recurrence.stopRecurrence' } },
    async (request) => ok(await recurrence.stop(signedIn(request), request.body.assessmentId, request.body.version), m.stopped),
  );

  app.post(
    `${P}/listRounds`,
    { schema: { summary: "The organisation's round labels, newest first (the round filter)", body: listRoundsSchema, response: replyOf(listRoundsReplySchema) }, config: { policy: 'recurrence.listRounds' } },
    async (request) => ok(await recurrence.listRounds(signedIn(request), request.body.companyId)),
  );

  app.post(
    `${P}/getResponseRound`,
    {
      schema: {
        summary: "A response's round, its carried-over answers, and (for the organisation and auditors) what changed since the last round",
        body: responseRoundInputSchema,
        response: replyOf(responseRoundReplySchema),
      },
      config: { policy: 'recurrence.getResponseRound' },
    },
    async (request) => ok(await carryOver.get(signedIn(request), request.body.responseId)),
  );

  app.post(
    `${P}/carryOver`,
    { schema: { summary: "Carry the previous round's answers and files over into a new round's response", body: responseRoundInputSchema, response: replyOf(responseRoundReplySchema) }, config: { policy: 'recurrence.carryOver' } },
    async (request) => {
      const { reply, carried } = await carryOver.carryOver(signedIn(request), request.body.responseId);
      return ok(reply, m.carried(carried));
    },
  );

  app.post(
    `${P}/confirmCarried`,
    { schema: { summary: 'Confirm carried-over answers unchanged', body: confirmCarriedSchema, response: replyOf(responseRoundReplySchema) }, config: { policy: 'recurrence.confirmCarried' } },
    async (request) => {
      const { reply, confirmed } = await carryOver.confirm(signedIn(request), request.body.responseId, request.body.questionIds);
      return ok(reply, m.confirmed(confirmed));
    },
  );
}
