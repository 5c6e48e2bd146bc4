import type { FastifyInstance } from 'fastify';
import {
  contractorOpenItemsReplySchema,
  contractorTrendInputSchema,
  contractorTrendReplySchema,
} from '@palisade/domain/trends/trends.schema';
import { ok } from '../../lib/envelope';
import { sendKeptBrotli } from '../../lib/kept-brotli-reply';
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
      return sendKeptBrotli(request, reply, bytes);
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
