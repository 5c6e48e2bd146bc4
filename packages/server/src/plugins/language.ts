import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLanguage, pickLanguage, setLanguageSource, type Language } from '@palisade/domain/i18n/catalogue';
import { registerHindi } from '@palisade/domain/i18n/hi/index';

/**
 * The language of each request's texts (issue 60): the signed-in user's, else the first of
 * Accept-Language's that the catalogue has, else English. Read by the catalogue whenever a service
 * or route reads a text while the request runs.
 */
const requests = new AsyncLocalStorage<FastifyRequest>();

/** Each request's language as last worked out, with the user it was worked out for. */
const known = new WeakMap<FastifyRequest, { user: unknown; language: Language }>();

export function requestLanguage(request: FastifyRequest): Language {
  const user = request.auth?.user;
  const memo = known.get(request);
  if (memo && memo.user === user) return memo.language;
  const own = user?.language;
  const language = isLanguage(own) ? own : pickLanguage(request.headers['accept-language']);
  known.set(request, { user, language });
  return language;
}

let installed = false;

/** Every language's tables, and the catalogue's language read from the running request. */
export function installLanguages(): void {
  if (installed) return;
  installed = true;
  registerHindi();
  setLanguageSource(() => {
    const request = requests.getStore();
    return request ? requestLanguage(request) : 'en';
  });
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  installLanguages();
  app.addHook('onRequest', (request, _reply, done) => {
    requests.run(request, done);
  });
});
