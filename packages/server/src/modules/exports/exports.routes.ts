import type { FastifyInstance } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import {
  EXPORT_ZIP_CONTENT_TYPE,
  exportDownloadParamsSchema,
  exportJobSchema,
  getMyExportSchema,
  myExportReplySchema,
  requestExportSchema,
} from '@palisade/domain/exports/export.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

/**
 * An organisation's export of all its data (issue 61): its admins ask for it and read its state;
 * the zip is downloaded by the admin who asked, only, while its link works (7 days).
 */
export async function exportsRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { exports } = opts.services;

  app.post(
    '/export/requestExport',
    {
      schema: { summary: "Ask for a zip of all the organisation's data (built in the background)", body: requestExportSchema, response: replyOf(exportJobSchema) },
      config: { policy: 'export.request' },
    },
    async (request) => ok(await exports.request(signedIn(request), request.body.id), messages.exports.requested),
  );

  app.post(
    '/export/getMyExport',
    {
      schema: { summary: "The caller's latest export and its state", body: getMyExportSchema, response: replyOf(myExportReplySchema) },
      config: { policy: 'export.status' },
    },
    async (request) => ok(await exports.mine(signedIn(request))),
  );

  app.get(
    '/export/download/:id',
    {
      schema: {
        params: exportDownloadParamsSchema,
        description: 'The zip of a ready export, to the admin who asked for it only, for 7 days; an expired one is 404 with a message saying so.',
      },
      config: { policy: 'export.download', openapi: { download: EXPORT_ZIP_CONTENT_TYPE } },
    },
    async (request, reply) => {
      const { stream, fileName, size } = await exports.openDownload(signedIn(request), request.params.id);
      void reply
        .header('content-type', EXPORT_ZIP_CONTENT_TYPE)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(fileName, { type: 'attachment' }));
      if (size !== null) void reply.header('content-length', size);
      return reply.send(stream);
    },
  );
}
