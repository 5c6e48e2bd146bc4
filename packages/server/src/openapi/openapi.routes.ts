import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@palisade/domain/errors';
import { buildOpenApiDocument } from './openapi-document';

/** Swagger UI's files, from the installed package (never a CDN). */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * Starts Swagger UI on the document. A file of its own, not an inline script: the server's CSP
 * allows scripts from 'self' only.
 */
const INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Palisade API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>
`;

/** The assets /api/docs/assets/ serves: the package's files by name, and the start script. */
const ASSETS: Record<string, { type: string; file?: string; text?: string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'favicon-32x32.png': { type: 'image/png', file: 'favicon-32x32.png' },
  'init.js': { type: 'text/javascript; charset=utf-8', text: INIT_JS },
};

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document, made from the calls' zod schemas) and
 * GET /api/docs (Swagger UI on it). Open to everyone: the document only describes the calls.
 */
export async function openApiRoutes(app: FastifyInstance, opts: { version: string }): Promise<void> {
  // Made at the first request, once every route has registered; the same for the process's life.
  let cached: string | null = null;
  const documentJson = (): string => (cached ??= JSON.stringify(buildOpenApiDocument(app.routeContracts, { version: opts.version })));

  const page = (summary: string, type: string) => ({ schema: { summary }, config: { policy: null, openapi: { page: type } } });

  app.get('/openapi.json', page('This OpenAPI 3.1 document', 'application/json'), async (_request, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(documentJson()));

  app.get('/docs', page('The readable API reference (Swagger UI)', 'text/html'), async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_HTML));

  app.get('/docs/assets/*', page('Scripts and styles of the API reference', 'application/octet-stream'), async (request, reply) => {
    const name = (request.params as { '*'?: string })['*'] ?? '';
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) throw new AppError('NOT_FOUND');
    void reply.type(asset.type).header('cache-control', 'public, max-age=3600');
    if (asset.text !== undefined) return reply.send(asset.text);
    return reply.send(fs.createReadStream(path.join(SWAGGER_UI_DIR, asset.file ?? name)));
  });
}
