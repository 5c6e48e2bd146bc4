import type { FastifyInstance } from 'fastify';
import { AUDIT_CSV_CONTENT_TYPE, auditExportSchema, auditListSchema } from '@palisade/domain/audit/audit.schema';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';

/**
 * The activity log (#23): organisation admins only, their working organisation only.
 * The export is a POST that the web fetches and saves, as the response's Excel export is: the
 * session cookie goes with it, and a refusal comes back in the envelope.
 */
export async function auditRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { audit } = opts.services;

  app.post('/audit/list', async (request) => {
    const ctx = authorize(request, 'audit.list');
    const query = validate(auditListSchema, request.body);
    return ok(await audit.list(ctx, query));
  });

  app.post('/audit/export', async (request, reply) => {
    const ctx = authorize(request, 'audit.export');
    const filter = validate(auditExportSchema, request.body);
    const { fileName, bytes } = await audit.exportCsv(ctx, filter);
    return reply
      .header('content-type', AUDIT_CSV_CONTENT_TYPE)
      .header('content-length', bytes.length)
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(bytes);
  });
}
