import type { FastifyInstance } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import { messages } from '@palisade/domain/messages';
import { signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

/** The file of a download link (its id; the name of an old link is ignored). */
export const filesParamsSchema = z.object({ id: z.uuid({ error: 'Invalid file id' }), name: z.string().optional() });

/** Downloads go through here: only users allowed to see a file get its bytes. */
export async function filesRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // /files/:id is the link of every new file (the name travels in Content-Disposition, so a link
  // stays short whatever the name); /files/:id/:name keeps the links stored before working.
  const links = [
    { path: '/files/:id', description: 'The bytes of a stored file, to those who may read it; Range requests are answered with 206.' },
    { path: '/files/:id/:name', description: 'The same, for links stored with the file name.' },
  ];
  for (const { path, description } of links) {
    app.get(
      path,
      {
        schema: { params: filesParamsSchema, description },
        config: { policy: 'files.download', openapi: { download: 'application/octet-stream' } },
      },
      async (request, reply) => {
        const { row, stream, range } = await opts.services.files.openForRead(signedIn(request), request.params.id, request.headers.range);
        // Images, PDFs and videos open in the page (videos seek with range requests); others download.
        const inline = row.fileType.startsWith('image/') || row.fileType.startsWith('video/') || row.fileType === 'application/pdf';
        void reply
          .header('content-type', row.fileType)
          .header('accept-ranges', 'bytes')
          .header('cache-control', 'private, max-age=300')
          .header('x-content-type-options', 'nosniff')
          // RFC 6266: filename* carries the UTF-8 name, filename an ASCII fallback for old clients.
          .header('content-disposition', contentDisposition(row.fileName, { type: inline ? 'inline' : 'attachment' }));
        if (range === 'unsatisfiable' || stream === null) {
          return reply
            .code(416)
            .header('content-range', `bytes */${row.size}`)
            .header('content-type', 'application/json')
            .send({ code: 416, message: messages.http.rangeNotSatisfiable, data: null });
        }
        if (range) {
          return reply
            .code(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${row.size}`)
            .header('content-length', range.end - range.start + 1)
            .send(stream);
        }
        return reply.header('content-length', row.size).send(stream);
      },
    );
  }
}
