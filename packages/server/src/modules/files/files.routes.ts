import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';

const paramsSchema = z.object({ id: z.uuid({ error: 'Invalid file id' }), name: z.string().optional() });

/** Downloads go through here: only users allowed to see a file get its bytes. */
export async function filesRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  app.get('/files/:id/:name', async (request, reply) => {
    const ctx = authorize(request, 'files.download');
    const { id } = validate(paramsSchema, request.params);
    const { row, stream } = await opts.services.files.openForRead(ctx, id);
    const inline = row.fileType.startsWith('image/') || row.fileType === 'application/pdf';
    return reply
      .header('content-type', row.fileType)
      .header('content-length', row.size)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${row.fileName.replace(/"/g, '')}"`)
      .send(stream);
  });
}
