import { z } from 'zod';
import { ERROR_STATUS, DEFAULT_ERROR_MESSAGE, type ErrorCode } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { POLICY, type PolicyCall } from '@palisade/domain/policy';
import { SESSION_COOKIE } from '../plugins/auth-context';
import { API_PREFIX, type RouteContract as ApiCall } from '../plugins/route-contract';

/** A JSON Schema (2020-12) as OpenAPI 3.1 takes it. */
type JsonSchema = Record<string, unknown>;


/** Fastify's path → OpenAPI's: ':id' → '{id}', a trailing '*' → '{path}'. */
export function openApiPath(fastifyPath: string): string {
  return `${API_PREFIX}${fastifyPath}`.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The zod schema as JSON Schema: what a client sends (io: input), with its definitions moved to
 * components.schemas under a prefix (zod names them #/$defs/…, which means nothing inside an
 * OpenAPI document).
 */
function jsonSchemaOf(schema: z.ZodType, prefix: string, components: Record<string, JsonSchema>, io: 'input' | 'output'): JsonSchema {
  const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  const defs = isObject(raw.$defs) ? raw.$defs : {};
  const rename = (ref: string): string => {
    if (ref === '#') return `#/components/schemas/${prefix}`;
    const m = /^#\/\$defs\/(.+)$/.exec(ref);
    return m ? `#/components/schemas/${prefix}_${m[1]}` : ref;
  };
  let selfReferenced = false;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$schema' || k === '$defs') continue;
      // zod spells its date formats out as long patterns as well: the format says it, and the
      // readable reference would make its examples up from the pattern.
      if (k === 'pattern' && typeof node.format === 'string' && ['date-time', 'date', 'time'].includes(node.format)) continue;
      if (k === '$ref' && typeof v === 'string') {
        if (v === '#') selfReferenced = true;
        out[k] = rename(v);
      } else out[k] = walk(v);
    }
    return out;
  };
  for (const [name, def] of Object.entries(defs)) components[`${prefix}_${name}`] = walk(def) as JsonSchema;
  const root = walk(raw) as JsonSchema;
  if (selfReferenced) {
    components[prefix] = root;
    return { $ref: `#/components/schemas/${prefix}` };
  }
  return root;
}

/** The operation id: the method and the path's words (post_assessment_responses_getResponseById). */
function operationIdOf(call: ApiCall): string {
  const words = call.path.split('/').filter(Boolean).map((w) => w.replace(/^:/, 'by_').replace(/\*/, 'path').replace(/[^\w]/g, '_'));
  return [call.method.toLowerCase(), ...words].join('_').replace(/_json$/, 'Json');
}

/** "getResponseById" → "Get response by id". */
function summaryOf(call: ApiCall): string {
  if (call.summary) return call.summary;
  const last = call.path.split('/').filter((w) => w && !w.startsWith(':')).pop() ?? call.path;
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who may make the call, from the one policy table. */
function whoMayCall(policy: ApiCall['policy']): string {
  if (policy === null) return 'No session needed.';
  const calls: readonly PolicyCall[] = typeof policy === 'string' ? [policy] : policy;
  const types = new Set<number>();
  for (const c of calls) for (const t of POLICY[c]) types.add(t);
  const roles: Record<number, string> = messages.roles;
  return `Who may call: ${[...types].sort().map((t) => roles[t] ?? String(t)).join(', ')} (policy ${calls.join(', ')}).`;
}

/** Each property of an object schema as a parameter (path or query). */
function parametersOf(schema: JsonSchema, where: 'path' | 'query'): JsonSchema[] {
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' ? true : required.has(name),
    schema: s,
  }));
}

const ERROR_REF = { $ref: '#/components/schemas/ErrorEnvelope' };
const errorReply = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

/** The error replies every call may give, from the error table (components.responses). */
function errorResponses(): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, status] of Object.entries(ERROR_STATUS) as [ErrorCode, number][]) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  const out: Record<string, unknown> = {};
  for (const [status, codes] of byStatus) {
    out[`E${status}`] = errorReply(codes.map((c) => `${c}: ${DEFAULT_ERROR_MESSAGE[c]}`).join('; '));
  }
  return out;
}

/** The envelope around a successful reply's data. */
const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: { code: { type: 'integer', const: 200 }, message: { type: 'string' }, data },
});

function operationOf(call: ApiCall, components: Record<string, JsonSchema>): Record<string, unknown> {
  const id = operationIdOf(call);
  const op: Record<string, unknown> = {
    operationId: id,
    summary: summaryOf(call),
    description: [call.description, whoMayCall(call.policy)].filter(Boolean).join('\n\n'),
    tags: [call.tag ?? (call.page ? 'reference' : (call.path.split('/')[1] ?? 'api'))],
    security: call.policy === null ? [] : [{ session: [] }],
  };
  const parameters: JsonSchema[] = [];
  // A path parameter of the schema that this path does not have (files/:id takes the name of the
  // older files/:id/:name too) is not one of its parameters.
  const inPath = new Set([...openApiPath(call.path).matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  if (call.params) parameters.push(...parametersOf(jsonSchemaOf(call.params, `${id}_params`, components, 'input'), 'path').filter((p) => inPath.has(String(p.name))));
  else if (call.path.includes(':') || call.path.endsWith('*')) {
    for (const m of openApiPath(call.path).matchAll(/\{(\w+)\}/g)) parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  if (call.query) parameters.push(...parametersOf(jsonSchemaOf(call.query, `${id}_query`, components, 'input'), 'query'));
  if (call.websocket) parameters.push({ name: 'Upgrade', in: 'header', required: true, schema: { const: 'websocket' } });
  if (parameters.length > 0) op.parameters = parameters;

  if (call.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(call.body, `${id}_body`, components, 'input') } } };
  } else if (call.multipart) {
    const fields = call.multipart.fields ? jsonSchemaOf(call.multipart.fields, `${id}_fields`, components, 'input') : { type: 'object', properties: {} };
    const f = call.multipart.files;
    const fileName = f.name === '*' ? 'file' : f.name;
    const one = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description: f.description };
    const properties = { ...(isObject(fields.properties) ? fields.properties : {}), [fileName]: f.max > 1 ? { type: 'array', maxItems: f.max, items: one } : one };
    const required = [...(Array.isArray(fields.required) ? (fields.required as string[]) : []), ...(f.required ? [fileName] : [])];
    op.requestBody = {
      required: true,
      description: `A multipart form, streamed: ${f.max > 1 ? `up to ${f.max} files` : 'one file'} named ${f.name === '*' ? 'anything (file)' : f.name}, each at most 10 MB, type checked by its bytes.`,
      content: { 'multipart/form-data': { schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } } },
    };
  }

  const responses: Record<string, unknown> = {};
  if (call.websocket) responses['101'] = { description: 'Switching to the WebSocket protocol' };
  else if (call.redirect) responses['302'] = { description: call.redirect, headers: { Location: { schema: { type: 'string' } }, 'Set-Cookie': { schema: { type: 'string' } } } };
  else if (call.page) responses['200'] = { description: 'The document, page or asset', content: { [call.page]: { schema: {} } } };
  else if (call.download) {
    responses['200'] = {
      description: 'The file (Content-Disposition names it)',
      headers: { 'Content-Disposition': { schema: { type: 'string' } } },
      content: { [call.download]: { schema: { type: 'string', contentMediaType: call.download } } },
    };
    if (call.path.startsWith('/files/')) responses['206'] = { description: 'A byte range of the file (Range request)' };
  } else {
    const data = call.reply ? jsonSchemaOf(call.reply, `${id}_reply`, components, 'output') : { description: 'The reply data' };
    responses['200'] = { description: 'Success, in the envelope', content: { 'application/json': { schema: envelope(data) } } };
  }
  if (call.path.startsWith('/auth/signIn')) {
    (responses['200'] as Record<string, unknown>).headers = { 'Set-Cookie': { description: `The session cookie ${SESSION_COOKIE} (HttpOnly, SameSite=Lax)`, schema: { type: 'string' } } };
  }
  const errors: number[] = [400];
  if (call.policy !== null) errors.push(401, 403);
  errors.push(404);
  if (call.method === 'POST') errors.push(409);
  if (call.multipart) errors.push(413, 415, 507);
  if (call.policy === null && call.path.startsWith('/auth/')) errors.push(429);
  errors.push(503);
  for (const s of errors) responses[String(s)] = { $ref: `#/components/responses/E${s}` };
  responses.default = { $ref: '#/components/responses/E500' };
  op.responses = responses;
  return op;
}

/**
 * The OpenAPI 3.1 document of every call under /api, made from the calls' zod schemas: the
 * envelope, the error replies, the cookie session and the multipart forms.
 */
export function buildOpenApiDocument(calls: readonly ApiCall[], opts: { version: string }): Record<string, unknown> {
  const components: Record<string, JsonSchema> = {
    ErrorEnvelope: {
      type: 'object',
      required: ['code', 'message', 'data'],
      description: 'Every refusal: code equals the HTTP status; message is the text to show.',
      properties: {
        code: { type: 'integer' },
        message: { type: 'string' },
        data: {
          description: 'null, or for a refused input the field and the issues; for 429 the wait.',
          anyOf: [
            { type: 'null' },
            {
              type: 'object',
              properties: {
                field: { type: ['string', 'null'] },
                issues: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
                retryAfterSeconds: { type: 'integer' },
              },
            },
          ],
        },
      },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const p = openApiPath(call.path);
    paths[p] ??= {};
    paths[p][call.method.toLowerCase()] = operationOf(call, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Palisade API',
      version: opts.version,
      description: [
        'Every reply, success or refusal, is the envelope `{code, message, data}`; the HTTP status equals `code`.',
        `A session is the HttpOnly cookie \`${SESSION_COOKIE}\` that \`POST /api/auth/signIn\` sets. State-changing calls a browser marks as coming from another site are refused (403).`,
        'Uploads are multipart forms, streamed into the file store; each file at most 10 MB, its type checked by its bytes.',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: components,
      responses: errorResponses(),
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /api/auth/signIn' } },
    },
  };
}
