import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary, plainEncoding } from '../plugins/compression';
import { unbrotliText } from './brotli-text';
import { JSON_TYPE } from './envelope';

/**
 * Sends a reply kept as Brotli (reply-cache.ts createEncodedReplyCache): as its bytes to a client
 * that takes Brotli (every browser, the bench), else as its text, which the compression plugin
 * then encodes as the client asks (issue 63: a reply kept once, compressed, not as text and again
 * in the plugin's memo).
 */
export function sendKeptBrotli(request: FastifyRequest, reply: FastifyReply, bytes: Buffer): FastifyReply {
  if (plainEncoding(request.headers['accept-encoding']) === 'br' && request.headers['x-no-compression'] === undefined) {
    addVary(reply);
    return reply.type(JSON_TYPE).header('Content-Encoding', 'br').send(bytes);
  }
  return reply.type(JSON_TYPE).send(unbrotliText(bytes));
}
