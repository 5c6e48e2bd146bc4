import type { Language } from '@palisade/domain/i18n/catalogue';
import type { Readable } from 'node:stream';
import { AppError } from '@palisade/domain/errors';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { toE164 } from '@palisade/domain/auth/profile.schema';
import { DEFAULT_COUNTRY_CODE } from '@palisade/domain/constants';
import { UserType } from '@palisade/domain/user-types';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { userVisibleTo, type AuthContext } from '../../plugins/auth-context';
import { auditRepository, type AuditEntry } from '../audit/audit.repository';
import type { AuthService } from '../auth/auth.service';
import type { UserRow } from '../auth/auth.repository';
import type { FilesService } from '../files/files.service';
import { presentContractor, presentOrganisation, presentTpi, presentUserRef } from './users.presenter';
import { usersRepository } from './users.repository';

export function createUsersService(deps: { db: Db; files: FilesService; auth: AuthService; clock: Clock }) {
  const { db, files, auth, clock } = deps;

  async function findVisible(ctx: AuthContext, id: string, type: UserType): Promise<{ user: UserRow; assoc: string[]; disabledIn: string[] }> {
    const [found] = await usersRepository.findManyWithOrgs(db, [id]);
    // 404, never 403: whether another tenant's id exists is not the caller's business.
    if (!found || found.user.type !== type || !userVisibleTo(ctx, found.user, found.assoc)) throw new AppError('NOT_FOUND');
    return found;
  }

  async function refreshed(ctx: AuthContext, user: UserRow | undefined): Promise<Profile> {
    if (!user) throw new AppError('NOT_FOUND');
    return auth.profileFor(user, ctx.organisationIds, ctx.organisationId, ctx.organisations);
  }

  /** A change of one's own account: written with its line of the activity log, the profile after it. */
  async function changeOwn(
    ctx: AuthContext,
    change: Pick<AuditEntry, 'action' | 'before' | 'after'>,
    write: (tx: DbOrTx, now: Date) => Promise<UserRow | undefined>,
  ): Promise<Profile> {
    const user = await db.transaction(async (tx) => {
      const updated = await write(tx, clock.now());
      await auditRepository.append(tx, { actorId: ctx.user.id, organisationId: ctx.organisationId, entity: 'user', entityId: ctx.user.id, ...change });
      return updated;
    });
    return refreshed(ctx, user);
  }

  return {
    async getCompanyById(ctx: AuthContext, companyId: string) {
      if (!ctx.organisationIds.includes(companyId)) throw new AppError('NOT_FOUND');
      const org = await usersRepository.findOrganisation(db, companyId);
      if (!org) throw new AppError('NOT_FOUND');
      return presentOrganisation(org);
    },

    async getContractorById(ctx: AuthContext, contractorId: string) {
      const { user, assoc, disabledIn } = await findVisible(ctx, contractorId, UserType.CONTRACTOR);
      return presentContractor(user, assoc, ctx, disabledIn);
    },

    async getTpiById(ctx: AuthContext, tpiId: string) {
      const { user, assoc, disabledIn } = await findVisible(ctx, tpiId, UserType.AUDITOR);
      return presentTpi(user, assoc, ctx, disabledIn);
    },

    /** Only the users the caller may see; unknown and foreign ids are left out. */
    async getUsersByIds(ctx: AuthContext, ids: readonly string[]) {
      const rows = await usersRepository.findManyWithOrgs(db, [...new Set(ids)]);
      return rows.filter((r) => userVisibleTo(ctx, r.user, r.assoc)).map((r) => presentUserRef(r.user));
    },

    async updateProfile(ctx: AuthContext, input: { name: string; phoneNo: string; location: string }): Promise<Profile> {
      const values = {
        name: input.name,
        phone: input.phoneNo ? toE164(input.phoneNo, DEFAULT_COUNTRY_CODE) : null,
        location: input.location || null,
      };
      return changeOwn(
        ctx,
        { action: 'profile.update', before: { name: ctx.user.name, phone: ctx.user.phone, location: ctx.user.location }, after: values },
        (tx, now) => usersRepository.updateProfile(tx, ctx.user.id, values, now),
      );
    },

    async uploadProfileImage(ctx: AuthContext, file: { fileName: string; stream: Readable; truncated: () => boolean }): Promise<Profile> {
      const previous = ctx.user.profileImage;
      const image = await files.upload({
        fileName: file.fileName,
        stream: file.stream,
        truncated: file.truncated,
        kind: 'profileImage',
        folder: `profile/${ctx.user.id}`,
        ownerId: ctx.user.id,
        organisationId: null,
        // Readable wherever the user works; it takes the storage of the organisation it works for now.
        quotaOrganisationId: ctx.organisationId,
      });
      const user = await db.transaction(async (tx) => {
        const updated = await usersRepository.setProfileImage(tx, ctx.user.id, image, clock.now());
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: ctx.organisationId,
          action: 'profile.image',
          entity: 'user',
          entityId: ctx.user.id,
          before: previous ?? null,
          after: image,
        });
        return updated;
      });
      if (previous) await files.remove(previous.filePath);
      return refreshed(ctx, user);
    },

    /** The Settings page's language (issue 60): the user's texts, screens and mails. */
    async setLanguage(ctx: AuthContext, language: Language): Promise<Profile> {
      return changeOwn(ctx, { action: 'profile.language', before: { language: ctx.user.language }, after: { language } }, (tx, now) =>
        usersRepository.setLanguage(tx, ctx.user.id, language, now),
      );
    },

    /** The language chosen on the sign-in page, kept as the user's when it differs (issue 60). */
    async keepSignInLanguage(profile: Profile, language: Language | undefined): Promise<Profile> {
      if (language === undefined || profile.language === language) return profile;
      await usersRepository.setLanguage(db, profile._id, language, clock.now());
      return { ...profile, language };
    },

    async updatePreferences(ctx: AuthContext, emailNotifications: boolean): Promise<Profile> {
      return changeOwn(
        ctx,
        { action: 'profile.preferences', before: { emailNotifications: ctx.user.emailNotifications }, after: { emailNotifications } },
        (tx, now) => usersRepository.setPreferences(tx, ctx.user.id, emailNotifications, now),
      );
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
