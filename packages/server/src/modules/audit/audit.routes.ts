import type { FastifyInstance } from 'fastify';
import { AUDIT_CSV_CONTENT_TYPE, auditExportSchema, auditListReplySchema, auditListSchema } from '@palisade/domain/audit/audit.schema';
import { ok } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

/**
 * The activity log (#23): organisation admins only, their working organisation only.
 * The export is a POST that the web fetches and saves, as the response's Excel export is: the
 * session cookie goes with it, and a refusal comes back in the envelope.
 */
export async function auditRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { audit } = opts.services;

  app.post(
    '/audit/list',
    {
      schema: { summary: "One page of the organisation's activity log, newest first", body: auditListSchema, response: replyOf(auditListReplySchema) },
      config: { policy: 'audit.list' },
    },
    async (request) => ok(await audit.list(signedIn(request), request.body)),
  );

  app.post(
    '/audit/export',
    {
      schema: { summary: "The organisation's activity log, filtered, as CSV", body: auditExportSchema },
      config: { policy: 'audit.export', openapi: { download: AUDIT_CSV_CONTENT_TYPE } },
    },
    async (request, reply) => {
      const { fileName, bytes } = await audit.exportCsv(signedIn(request), request.body);
      return reply
        .header('content-type', AUDIT_CSV_CONTENT_TYPE)
        .header('content-length', bytes.length)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  );
}
