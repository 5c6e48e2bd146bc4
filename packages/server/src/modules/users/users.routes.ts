import type { FastifyInstance } from 'fastify';
import { updatePreferencesSchema, updateProfileSchema } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import {
  getCompanyByIdSchema,
  getContractorByIdSchema,
  getTpiByIdSchema,
  getUsersByIdsSchema,
} from '@palisade/domain/users/users.schema';
import { ok } from '../../lib/envelope';
import { singleFile } from '../../lib/upload-form';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';


export async function usersRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { users } = opts.services;

  app.post('/company/getCompanyById', async (request) => {
    const ctx = authorize(request, 'company.getCompanyById');
    const { companyId } = validate(getCompanyByIdSchema, request.body);
    return ok(await users.getCompanyById(ctx, companyId));
  });

  app.post('/contractor/getContractorById', async (request) => {
    const ctx = authorize(request, 'contractor.getContractorById');
    const { contractorId } = validate(getContractorByIdSchema, request.body);
    return ok(await users.getContractorById(ctx, contractorId));
  });

  app.post('/tpi/getTpiById', async (request) => {
    const ctx = authorize(request, 'tpi.getTpiById');
    const { tpiId } = validate(getTpiByIdSchema, request.body);
    return ok(await users.getTpiById(ctx, tpiId));
  });

  app.post('/app/getUsersByIds', async (request) => {
    const ctx = authorize(request, 'app.getUsersByIds');
    const { userIds } = validate(getUsersByIdsSchema, request.body);
    return ok(await users.getUsersByIds(ctx, userIds));
  });

  app.post('/profile/updateProfile', async (request) => {
    const ctx = authorize(request, 'profile.update');
    const input = validate(updateProfileSchema, request.body);
    return ok(await users.updateProfile(ctx, input), messages.profile.saved);
  });

  app.post('/profile/uploadProfileImage', async (request) => {
    const ctx = authorize(request, 'profile.uploadImage');
    const file = await singleFile(request);
    return ok(await users.uploadProfileImage(ctx, file), messages.profile.imageUpdated);
  });

  app.post('/profile/updatePreferences', async (request) => {
    const ctx = authorize(request, 'profile.updatePreferences');
    const { emailNotifications } = validate(updatePreferencesSchema, request.body);
    return ok(await users.updatePreferences(ctx, emailNotifications), messages.profile.preferencesSaved);
  });
}
