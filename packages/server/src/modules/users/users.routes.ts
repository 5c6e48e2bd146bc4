import type { FastifyInstance } from 'fastify';
import { profileSchema, updatePreferencesSchema, updateProfileSchema } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import { withLanguage } from '@palisade/domain/i18n/catalogue';
import { setLanguageSchema } from '@palisade/domain/i18n/language.schema';
import {
  contractorReplySchema,
  getCompanyByIdSchema,
  getContractorByIdSchema,
  getTpiByIdSchema,
  getUsersByIdsSchema,
  organisationReplySchema,
  tpiReplySchema,
  usersByIdsReplySchema,
} from '@palisade/domain/users/users.schema';
import { ok } from '../../lib/envelope';
import { singleFile } from '../../lib/upload-form';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

export async function usersRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users } = opts.services;

  app.post(
    '/company/getCompanyById',
    { schema: { body: getCompanyByIdSchema, response: replyOf(organisationReplySchema) }, config: { policy: 'company.getCompanyById' } },
    async (request) => ok(await users.getCompanyById(signedIn(request), request.body.companyId)),
  );

  app.post(
    '/contractor/getContractorById',
    { schema: { body: getContractorByIdSchema, response: replyOf(contractorReplySchema) }, config: { policy: 'contractor.getContractorById' } },
    async (request) => ok(await users.getContractorById(signedIn(request), request.body.contractorId)),
  );

  app.post(
    '/tpi/getTpiById',
    { schema: { body: getTpiByIdSchema, response: replyOf(tpiReplySchema) }, config: { policy: 'tpi.getTpiById' } },
    async (request) => ok(await users.getTpiById(signedIn(request), request.body.tpiId)),
  );

  app.post(
    '/app/getUsersByIds',
    { schema: { body: getUsersByIdsSchema, response: replyOf(usersByIdsReplySchema) }, config: { policy: 'app.getUsersByIds' } },
    async (request) => ok(await users.getUsersByIds(signedIn(request), request.body.userIds)),
  );

  app.post(
    '/profile/updateProfile',
    { schema: { body: updateProfileSchema, response: replyOf(profileSchema) }, config: { policy: 'profile.update' } },
    async (request) => ok(await users.updateProfile(signedIn(request), request.body), messages.profile.saved),
  );

  app.post(
    '/profile/uploadProfileImage',
    {
      schema: { response: replyOf(profileSchema) },
      config: {
        policy: 'profile.uploadImage',
        openapi: { multipart: { files: { name: '*', max: 1, required: true, description: 'The profile image: JPG or PNG, up to 10 MB' } } },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      const file = await singleFile(request);
      return ok(await users.uploadProfileImage(ctx, file), messages.profile.imageUpdated);
    },
  );

  app.post(
    '/profile/updatePreferences',
    { schema: { body: updatePreferencesSchema, response: replyOf(profileSchema) }, config: { policy: 'profile.updatePreferences' } },
    async (request) => ok(await users.updatePreferences(signedIn(request), request.body.emailNotifications), messages.profile.preferencesSaved),
  );

  app.post(
    '/profile/setLanguage',
    {
      schema: { body: setLanguageSchema, response: replyOf(profileSchema), description: 'The signed-in user\'s language (issue 60): its screens, API texts and mails.' },
      config: { policy: 'profile.setLanguage' },
    },
    async (request) => {
      const profile = await users.setLanguage(signedIn(request), request.body.language);
      // Said in the language just chosen.
      return withLanguage(request.body.language, () => ok(profile, messages.profile.preferencesSaved));
    },
  );
}
