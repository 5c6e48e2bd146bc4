import type { FastifyInstance, FastifyRequest, FastifyTypeProvider, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '@palisade/domain/errors';
import { mayCall, type PolicyCall } from '@palisade/domain/policy';
import { validate } from '../lib/validate';
import type { AuthContext } from './auth-context';

/**
 * Each route's contract lives on the route itself (issue 62): Fastify's `schema` holds the zod
 * schemas of its body, query, path parameters and reply, and its `config` the policy it is
 * authorized by and what the OpenAPI description says beyond the schemas. From these one source
 * come the validation (with the envelope's 400 and its texts, lib/validate.ts), the handler's
 * types (ZodTypeProvider) and the OpenAPI document (openapi/openapi-document.ts).
 *
 * The order of the checks is the one every call had: no session is 401 and a wrong role 403
 * before the input is looked at (preValidation), then the input's 400 (validation), then the
 * handler.
 */

/** The files of a multipart form. */
export interface MultipartFiles {
  /** The part's name ('*': any name is taken). */
  name: string;
  /** At most this many files. */
  max: number;
  required: boolean;
  description: string;
}

/** What the OpenAPI description says of a route beyond its schemas. */
export interface RouteDoc {
  /** A multipart form: its text fields (the schema the handler validates them with) and its files. */
  multipart?: { fields?: z.ZodType; files: MultipartFiles };
  /** The reply is a file of this content type (errors still come in the envelope). */
  download?: string;
  /** Not a call of the API but a page or asset of the reference (text/html, JS, CSS). */
  page?: string;
  /** The realtime WebSocket (GET with Upgrade). */
  websocket?: true;
  /** The reply is a redirect (302) to where this says (single sign-on's callback, issue 59). */
  redirect?: string;
}

/** The policy of a route: one entry; any of several (the handler picks by its input); null: public. */
export type RoutePolicy = PolicyCall | readonly PolicyCall[] | null;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call: checked before the input (401, 403). Every route under /api names it. */
    policy?: RoutePolicy;
    /** What the OpenAPI description says beyond the schemas. */
    openapi?: RouteDoc;
  }
  interface FastifySchema {
    /** A one-line description for the OpenAPI document; otherwise one is made from the path. */
    summary?: string;
    description?: string;
    /** The group it is listed in; otherwise the path's first segment. */
    tags?: readonly string[];
  }
}

/** The handler's `request.body`, `query` and `params` are what the route's zod schemas output. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  // Replies are checked by the presenters' types, not again here: the reply schema describes them.
  serializer: unknown;
}

/** The reply schemas' data, by the envelope made for it (the OpenAPI document shows the data in its envelope). */
const envelopeData = new WeakMap<z.ZodType, z.ZodType>();

/** A successful reply's schema: the envelope {code: 200, message, data} around `data`. */
export function envelopeOf<S extends z.ZodType>(data: S) {
  const envelope = z.object({ code: z.literal(200), message: z.string(), data });
  envelopeData.set(envelope, data);
  return envelope;
}

/** `{ 200: envelopeOf(data) }`: a route's `response` schema. */
export function replyOf<S extends z.ZodType>(data: S) {
  return { 200: envelopeOf(data) };
}

/** One route under /api as its options declare it: what the OpenAPI document is made from. */
export interface RouteContract {
  method: 'GET' | 'POST';
  /** The path under /api as Fastify registers it (':id' for a parameter, '*' for the rest). */
  path: string;
  policy: RoutePolicy;
  summary?: string;
  description?: string;
  tag?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The reply's `data`. */
  reply?: z.ZodType;
  multipart?: RouteDoc['multipart'];
  download?: string;
  page?: string;
  websocket?: true;
  redirect?: string;
}

export const API_PREFIX = '/api';

const isZod = (v: unknown): v is z.ZodType => v instanceof z.ZodType;

/** The contract of one registered route, one per method (none outside /api); a route under /api without a policy is refused. */
function contractsOf(route: RouteOptions): RouteContract[] {
  if (!route.url.startsWith(`${API_PREFIX}/`)) return [];
  const config = (route.config ?? {}) as { policy?: RoutePolicy; openapi?: RouteDoc };
  if (config.policy === undefined) {
    throw new Error(`${String(route.method)} ${route.url}: every route under ${API_PREFIX} names its policy (config.policy; null when public)`);
  }
  const schema = route.schema ?? {};
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const ok = response[200] ?? response['200'];
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m): m is 'GET' | 'POST' => m === 'GET' || m === 'POST');
  return methods.map((method) => ({
    method,
    path: route.url.slice(API_PREFIX.length),
    policy: config.policy ?? null,
    ...(schema.summary ? { summary: schema.summary } : {}),
    ...(schema.description ? { description: schema.description } : {}),
    ...(schema.tags?.[0] ? { tag: schema.tags[0] } : {}),
    ...(isZod(schema.body) ? { body: schema.body } : {}),
    ...(isZod(schema.querystring) ? { query: schema.querystring } : {}),
    ...(isZod(schema.params) ? { params: schema.params } : {}),
    ...(isZod(ok) ? { reply: envelopeData.get(ok) ?? ok } : {}),
    ...config.openapi,
  }));
}

/** The signed-in user of a call whose policy the route names (checked before the handler runs). */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/** No session: 401; a session whose role no entry of the policy allows: 403. */
function authorizeByPolicy(request: FastifyRequest, policy: PolicyCall | readonly PolicyCall[]): void {
  const auth = request.auth;
  if (!auth) throw new AppError('UNAUTHENTICATED');
  const calls: readonly PolicyCall[] = typeof policy === 'string' ? [policy] : policy;
  if (!calls.some((call) => mayCall(auth.user.type, call))) throw new AppError('FORBIDDEN');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api with its contract, as registered (the OpenAPI document's source). */
    routeContracts: RouteContract[];
  }
}

/**
 * Registered before the routes: validation by the routes' zod schemas, authorization by their
 * policy, and the list of contracts.
 */
export const routeContractPlugin = fp(async (app: FastifyInstance, opts: { checkReplies?: boolean }) => {
  const contracts: RouteContract[] = [];
  app.decorate('routeContracts', contracts);
  app.setValidatorCompiler(({ schema }) => {
    if (!isZod(schema)) throw new Error('route schemas are zod schemas');
    return (data: unknown) => {
      try {
        return { value: validate(schema, data) };
      } catch (err) {
        return { error: err as Error };
      }
    };
  });
  // Replies are sent as JSON.stringify makes them, whatever their schema says (it describes them).
  app.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data));
  app.addHook('onRoute', (route) => {
    contracts.push(...contractsOf(route));
  });
  if (opts.checkReplies) {
    // Tests: the reply schema is what the route sends, or the call fails (500) naming the difference.
    app.addHook('onSend', async (request, reply, payload) => {
      const declared = (request.routeOptions.schema?.response as Record<string, unknown> | undefined)?.[200];
      if (reply.statusCode !== 200 || !isZod(declared) || typeof payload !== 'string') return payload;
      const checked = declared.safeParse(JSON.parse(payload));
      if (!checked.success) {
        throw new Error(`the reply of ${request.method} ${request.url} is not its schema's: ${z.prettifyError(checked.error)}`);
      }
      return payload;
    });
  }
  app.addHook('preValidation', async (request) => {
    const { policy, openapi } = request.routeOptions.config;
    // The WebSocket's handler refuses with close codes a browser's socket can read, not a 401.
    if (policy !== undefined && policy !== null && !openapi?.websocket) authorizeByPolicy(request, policy);
  });
});
