import type { FastifyInstance } from 'fastify';
import { setTimeZoneSchema, timeZoneSettingsSchema } from '@palisade/domain/organisations/time-zone.schema';
import { timeZoneMessages as m } from '@palisade/domain/organisations/time-zone.messages';
import { ok } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

/** Issue 60: the organisation's time zone. Who may call: domain policy.ts. */
export async function timeZoneRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { timeZone } = opts.services;

  app.get(
    '/organisation/getTimeZone',
    {
      schema: {
        response: replyOf(timeZoneSettingsSchema),
        description: "The working organisation's time zone (UTC, isSet false, until its admin sets one): its days end due dates.",
      },
      config: { policy: 'organisation.getTimeZone' },
    },
    async (request) => ok(await timeZone.get(signedIn(request))),
  );

  app.post(
    '/organisation/setTimeZone',
    {
      schema: {
        body: setTimeZoneSchema,
        response: replyOf(timeZoneSettingsSchema),
        description:
          "Sets the organisation's IANA time zone: from then on a due date ends at midnight there, and overdue marks, reminders and rounds follow its days. Carries the version it was based on: stale is 409.",
      },
      config: { policy: 'organisation.setTimeZone' },
    },
    async (request) => ok(await timeZone.set(signedIn(request), request.body), m.saved),
  );
}
