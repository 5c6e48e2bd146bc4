import type { FastifyInstance } from 'fastify';
import {
  contractorOpenItemsReplySchema,
  contractorTrendInputSchema,
  contractorTrendReplySchema,
} from '@palisade/domain/trends/trends.schema';
import { unbrotliText } from '../../lib/brotli-text';
import { JSON_TYPE, ok } from '../../lib/envelope';
import { addVary, plainEncoding } from '../../plugins/compression';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

/**
 * Trends (issue 58): a contractor's score and band per round with its E-S-G-O, and its open
 * items. Who may call: domain policy.ts; whose contractor: the trends service (404 otherwise).
 */
export async function trendsRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { trends } = opts.services;

  app.post(
    '/trends/getContractorTrend',
    {
      schema: {
        summary: "A contractor's score, band and E-S-G-O per completed round, oldest first",
        body: contractorTrendInputSchema,
        response: replyOf(contractorTrendReplySchema),
      },
      config: { policy: 'trends.getContractorTrend' },
    },
    async (request, reply) => {
      const bytes = await trends.trendReply(signedIn(request), request.body.contractorId, request.body.companyId);
      // Kept as Brotli (issue 63: memory): sent as it is to a client that takes Brotli, else as text
      // (which the compression plugin then encodes as the client asks).
      if (plainEncoding(request.headers['accept-encoding']) === 'br' && request.headers['x-no-compression'] === undefined) {
        addVary(reply);
        return reply.type(JSON_TYPE).header('Content-Encoding', 'br').send(bytes);
      }
      return reply.type(JSON_TYPE).send(unbrotliText(bytes));
    },
  );

  app.post(
    '/trends/getContractorOpenItems',
    {
      schema: {
        summary: "A contractor's rejected questions waiting for an answer and its open observations",
        body: contractorTrendInputSchema,
        response: replyOf(contractorOpenItemsReplySchema),
      },
      config: { policy: 'trends.getContractorOpenItems' },
    },
    async (request) => ok(await trends.openItems(signedIn(request), request.body.contractorId, request.body.companyId)),
  );
}
