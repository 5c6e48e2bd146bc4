import type { Readable } from 'node:stream';
import { toE164 } from '@palisade/domain/auth/profile.schema';
import { DEFAULT_COUNTRY_CODE } from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import type {
  CreateBulkContractorsBody,
  CreateContractorBody,
  CreateTpiBody,
  EditContractorBody,
  EditTpiBody,
} from '@palisade/domain/users/accounts.schema';
import { parseBulkCompanies, parseBulkCompanyObjects, splitCsv } from '@palisade/domain/users/bulk.rules';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inFileOrder } from '../../lib/bulk-report';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { Mailer } from '../../mail/mailer';
import type { AuthContext } from '../../plugins/auth-context';
import type { ChatBus } from '../../realtime/bus';
import { mayList } from '../../lib/reading-scope';
import { auditRepository } from '../audit/audit.repository';
import { authRepository, type UserRow } from '../auth/auth.repository';
import type { AuthService } from '../auth/auth.service';
import { createInviter } from '../auth/invitation.service';
import type { FilesService } from '../files/files.service';
import { presentBulkReport, presentContractorAccount, presentCreated, presentTpiAccount } from './accounts.presenter';
import { accountsRepository, type AccountValues, type AccountWithOrgs, type OrganisationUniqueField } from './accounts.repository';
import { createContractorSearch } from './contractor-search.service';

/** The two kinds of account the organisation manages: contractor companies and auditors. */
export type AccountKind = 'contractor' | 'tpi';

const TYPE_OF: Record<AccountKind, UserType> = { contractor: UserType.CONTRACTOR, tpi: UserType.AUDITOR };

/** The body field that carries each column, per kind (for data.field of a conflict). */
const FIELD_NAMES: Record<AccountKind, Record<keyof AccountValues, string>> = {
  contractor: { name: 'name', email: 'emailid', contactPersonName: 'contactPersonName', location: 'location', code: 'code', phone: 'mobile' },
  tpi: { name: 'name', email: 'email', contactPersonName: 'contactPersonName', location: 'location', code: 'code', phone: 'phoneNo' },
};

type ConflictTexts = Record<'email' | OrganisationUniqueField, string>;
/** On add (spec §5, §8). */
const CREATE_TEXTS: ConflictTexts = {
  email: messages.users.emailExists,
  name: messages.users.nameExists,
  code: messages.users.codeExists,
  phone: messages.users.phoneExists,
};
/** On edit (spec §5: "Email no already exists" and the others). */
const EDIT_TEXTS: ConflictTexts = {
  email: messages.users.emailNoExists,
  name: messages.users.nameExists,
  code: messages.users.codeExists,
  phone: messages.users.phoneExists,
};

/** The exists checks of §7, by the column they look at. */
export type ExistsField = 'email' | OrganisationUniqueField;

/** What the audit log keeps of an account (never the password hash). */
function snapshot(user: UserRow) {
  return {
    name: user.name,
    email: user.email,
    contactPersonName: user.contactPersonName,
    location: user.location,
    code: user.code,
    phone: user.phone,
    isActive: user.isActive,
    deletedAt: user.deletedAt ? user.deletedAt.toISOString() : null,
  };
}

/** Drops the keys left undefined, so that an update sets only what was sent. */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A typed optional value: '' clears to null, a phone becomes E.164. */
const orNull = (v: string | undefined): string | null | undefined => (v === undefined ? undefined : v === '' ? null : v);
const phoneOf = (v: string | undefined): string | null | undefined =>
  v === undefined ? undefined : v === '' ? null : toE164(v, DEFAULT_COUNTRY_CODE);

/** Columns from a contractor (company) body. */
function contractorValues(input: Omit<CreateContractorBody, 'cmp_id'> | EditContractorBody['updateData']): Partial<AccountValues> {
  return defined({
    name: input.name,
    email: input.emailid?.toLowerCase(),
    contactPersonName: input.contactPersonName,
    location: input.location,
    code: orNull(input.code),
    phone: phoneOf(input.mobile),
  });
}

/** Columns from an auditor body. */
function tpiValues(input: Omit<CreateTpiBody, 'cmp_id'> | EditTpiBody['updateData']): Partial<AccountValues> {
  return defined({
    name: input.name,
    email: input.email?.toLowerCase(),
    contactPersonName: input.contactPersonName,
    code: orNull(input.code),
    phone: phoneOf(input.phoneNo),
  });
}

/** A complete set of columns for a new account. */
function newValues(values: Partial<AccountValues>): AccountValues {
  return {
    name: values.name ?? '',
    email: values.email ?? '',
    contactPersonName: values.contactPersonName ?? '',
    location: values.location ?? null,
    code: values.code ?? null,
    phone: values.phone ?? null,
  };
}

export interface AccountsDeps {
  db: Db;
  auth: AuthService;
  files: FilesService;
  mailer: Mailer;
  /** How instances hear that a user's memberships changed (payload: the user id; realtime/hub.ts). */
  memberships?: ChatBus | undefined;
  clock: Clock;
}

/**
 * The organisation's contractor companies and auditors: add (with an invitation mail), bulk add,
 * edit, enable/disable, soft delete, lists and the exists checks. Every id is checked against the
 * caller's working organisation; another tenant's id is 404.
 */
export function createAccountsService(deps: AccountsDeps) {
  const { db, auth, files, mailer, clock } = deps;

  /**
   * Tells the user's open realtime sockets (every instance) that its organisations changed: those
   * of an organisation it no longer works in stop at once. On PostgreSQL the news leaves with the
   * commit; on PGlite this process is alone and a read made on hearing it waits for the
   * transaction (db/fifo.ts).
   */
  async function membershipChanged(tx: DbOrTx, userId: string): Promise<void> {
    if (deps.memberships?.mode === 'database') await accountsRepository.notifyMembershipChanged(tx, userId);
    else deps.memberships?.publish(userId);
  }

  /** The caller's working organisation; a cmp_id in the body must be it. */
  function workingOrganisation(ctx: AuthContext, cmpId?: string): string {
    const organisationId = ctx.organisationId;
    if (!organisationId) throw new AppError('FORBIDDEN');
    if (cmpId !== undefined && cmpId !== organisationId) throw new AppError('NOT_FOUND');
    return organisationId;
  }

  /** A live account of that kind linked to the caller's working organisation; else 404. */
  async function findOwned(ctx: AuthContext, kind: AccountKind, id: string): Promise<AccountWithOrgs & { organisationId: string }> {
    const organisationId = workingOrganisation(ctx);
    const found = await accountsRepository.findWithOrgs(db, id);
    if (!found || found.user.type !== TYPE_OF[kind] || found.user.deletedAt || !found.assoc.includes(organisationId)) {
      throw new AppError('NOT_FOUND');
    }
    return { ...found, organisationId };
  }

  /** An account that also serves another organisation is not one tenant's to change. */
  function assertNotShared(account: AccountWithOrgs, organisationId: string): void {
    if (account.assoc.some((o) => o !== organisationId)) throw new AppError('CONFLICT', messages.users.sharedAccount);
  }

  /** 409 with the spec's text when the email (anywhere) or name, code, phone (organisation, kind) is taken. */
  async function assertFree(
    kind: AccountKind,
    organisationId: string,
    values: Partial<AccountValues>,
    excludeId: string | undefined,
    texts: ConflictTexts,
  ): Promise<void> {
    if (values.email !== undefined) {
      const owner = await accountsRepository.findByEmail(db, values.email);
      if (owner && owner.id !== excludeId) {
        throw new AppError('CONFLICT', texts.email, { field: FIELD_NAMES[kind].email });
      }
    }
    for (const field of ['name', 'code', 'phone'] as const) {
      const value = values[field];
      if (value === undefined || value === null) continue;
      if (await accountsRepository.isTaken(db, { organisationId, type: TYPE_OF[kind], field, value, excludeId })) {
        throw new AppError('CONFLICT', texts[field], { field: FIELD_NAMES[kind][field] });
      }
    }
  }

  const sendInvitation = createInviter({ auth, mailer });
  /** Creates the set-password code and mails the link; false when the mail could not leave. */
  function invite(user: UserRow, organisationName: string): Promise<boolean> {
    return sendInvitation(user, (link) => messages.users.inviteMailText(user.contactPersonName ?? user.name, organisationName, user.name, link));
  }

  async function organisationName(organisationId: string): Promise<string> {
    return (await accountsRepository.organisationName(db, organisationId)) ?? 'Your organisation';
  }

  async function create(ctx: AuthContext, kind: AccountKind, values: Partial<AccountValues>, cmpId: string | undefined) {
    const organisationId = workingOrganisation(ctx, cmpId);
    await assertFree(kind, organisationId, values, undefined, CREATE_TEXTS);
    const id = newId();
    let user: UserRow;
    try {
      user = await db.transaction(async (tx) => {
        const [row] = await accountsRepository.insertAccounts(tx, [{ id, type: TYPE_OF[kind], ...newValues(values) }], organisationId);
        if (!row) throw new AppError('INTERNAL');
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId,
          action: `${kind}.create`,
          entity: 'user',
          entityId: id,
          after: snapshot(row),
        });
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', CREATE_TEXTS.email, { field: FIELD_NAMES[kind].email });
      throw err;
    }
    const invitationSent = await invite(user, await organisationName(organisationId));
    return { account: { user, assoc: [organisationId], disabledIn: [] }, invitationSent };
  }

  async function edit(ctx: AuthContext, kind: AccountKind, id: string, values: Partial<AccountValues>): Promise<AccountWithOrgs> {
    const found = await findOwned(ctx, kind, id);
    assertNotShared(found, found.organisationId);
    await assertFree(kind, found.organisationId, values, id, EDIT_TEXTS);
    try {
      const user = await db.transaction(async (tx) => {
        const updated = await accountsRepository.update(tx, id, values, clock.now());
        if (!updated) throw new AppError('NOT_FOUND');
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: found.organisationId,
          action: `${kind}.edit`,
          entity: 'user',
          entityId: id,
          before: snapshot(found.user),
          after: snapshot(updated),
        });
        return updated;
      });
      return { user, assoc: found.assoc, disabledIn: found.disabledIn };
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', EDIT_TEXTS.email, { field: FIELD_NAMES[kind].email });
      throw err;
    }
  }

  /**
   * disable: off and every session ended (sign-in refused); else on again. An account that also
   * serves another organisation is switched for the caller's organisation only (DECISIONS.md):
   * it may no longer work there (its sessions leave the organisation out) and stays active
   * elsewhere; once every organisation it serves has disabled it, its sessions end and sign-in
   * is refused, as for a disabled account.
   */
  async function setStatus(ctx: AuthContext, kind: AccountKind, id: string, disable: boolean): Promise<AccountWithOrgs> {
    const found = await findOwned(ctx, kind, id);
    const { organisationId } = found;
    const shared = found.assoc.some((o) => o !== organisationId);
    const wasActiveHere = !found.disabledIn.includes(organisationId);
    if (shared) {
      const disabledIn = disable
        ? [...new Set([...found.disabledIn, organisationId])]
        : found.disabledIn.filter((o) => o !== organisationId);
      await db.transaction(async (tx) => {
        if (!(await accountsRepository.setMembershipDisabled(tx, id, organisationId, disable, clock.now()))) {
          throw new AppError('NOT_FOUND');
        }
        await membershipChanged(tx, id);
        if (disable && found.assoc.every((o) => disabledIn.includes(o))) await authRepository.deleteSessionsOfUser(tx, id);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId,
          action: `${kind}.${disable ? 'disable' : 'enable'}`,
          entity: 'user',
          entityId: id,
          before: { isActive: found.user.isActive, activeInOrganisation: wasActiveHere },
          after: { isActive: found.user.isActive, activeInOrganisation: !disable },
        });
      });
      return { user: found.user, assoc: found.assoc, disabledIn };
    }
    const user = await db.transaction(async (tx) => {
      const updated = await accountsRepository.setActive(tx, id, !disable, clock.now());
      if (!updated) throw new AppError('NOT_FOUND');
      if (disable) await authRepository.deleteSessionsOfUser(tx, id);
      // Enabling also ends a disable for this organisation only, left from when the account
      // served another organisation too.
      else if (!wasActiveHere) {
        await accountsRepository.setMembershipDisabled(tx, id, organisationId, false, clock.now());
        await membershipChanged(tx, id);
      }
      await auditRepository.append(tx, {
        actorId: ctx.user.id,
        organisationId,
        action: `${kind}.${disable ? 'disable' : 'enable'}`,
        entity: 'user',
        entityId: id,
        before: { isActive: found.user.isActive, name: found.user.name },
        after: { isActive: updated.isActive, name: updated.name },
      });
      return updated;
    });
    return { user, assoc: found.assoc, disabledIn: disable ? found.disabledIn : found.disabledIn.filter((o) => o !== organisationId) };
  }

  /**
   * Soft delete: the row stays, so that responses and chats keep naming it; the account leaves
   * every list, its sessions end and sign-in is refused. An account that also serves another
   * organisation only leaves the caller's.
   */
  async function remove(ctx: AuthContext, kind: AccountKind, id: string): Promise<{ _id: string }> {
    const found = await findOwned(ctx, kind, id);
    const shared = found.assoc.some((o) => o !== found.organisationId);
    await db.transaction(async (tx) => {
      if (shared) {
        await accountsRepository.unlink(tx, id, found.organisationId);
        await membershipChanged(tx, id);
        // Every organisation left had disabled it for itself: as a disabled account, no session.
        const left = found.assoc.filter((o) => o !== found.organisationId);
        if (left.every((o) => found.disabledIn.includes(o))) await authRepository.deleteSessionsOfUser(tx, id);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: found.organisationId,
          action: `${kind}.unlink`,
          entity: 'user',
          entityId: id,
          before: { assoc_companies: found.assoc, name: found.user.name },
          after: { assoc_companies: found.assoc.filter((o) => o !== found.organisationId), name: found.user.name },
        });
        return;
      }
      const deleted = await accountsRepository.softDelete(tx, id, clock.now());
      if (!deleted) throw new AppError('NOT_FOUND');
      await authRepository.deleteSessionsOfUser(tx, id);
      await auditRepository.append(tx, {
        actorId: ctx.user.id,
        organisationId: found.organisationId,
        action: `${kind}.delete`,
        entity: 'user',
        entityId: id,
        before: snapshot(found.user),
        after: snapshot(deleted),
      });
    });
    return { _id: id };
  }

  async function list(ctx: AuthContext, kind: AccountKind, companyId?: string): Promise<AccountWithOrgs[]> {
    let organisationId: string;
    if (companyId === undefined) {
      organisationId = workingOrganisation(ctx);
    } else {
      // 404, never 403: whether another tenant's id exists is not the caller's business.
      // An auditor lists the contractors of its working organisation only (its company filter).
      if (!mayList(ctx, companyId)) throw new AppError('NOT_FOUND');
      organisationId = companyId;
    }
    // A shared contractor or auditor shows only the organisations the caller works for (the
    // presenter's rule), and whether it serves another (sharedAccount, for the organisation).
    return accountsRepository.listInOrganisation(db, organisationId, TYPE_OF[kind]);
  }

  async function uploadImage(
    ctx: AuthContext,
    kind: AccountKind,
    id: string,
    file: { fileName: string; stream: Readable; truncated: () => boolean },
  ): Promise<AccountWithOrgs> {
    let found: AccountWithOrgs & { organisationId: string };
    try {
      found = await findOwned(ctx, kind, id);
      assertNotShared(found, found.organisationId);
    } catch (err) {
      file.stream.resume();
      throw err;
    }
    const previous = found.user.profileImage;
    const image = await files.upload({
      fileName: file.fileName,
      stream: file.stream,
      truncated: file.truncated,
      kind: 'profileImage',
      folder: `profile/${id}`,
      ownerId: id,
      organisationId: null,
      quotaOrganisationId: found.organisationId,
    });
    const user = await db.transaction(async (tx) => {
      const updated = await accountsRepository.setProfileImage(tx, id, image, clock.now());
      if (!updated) throw new AppError('NOT_FOUND');
      await auditRepository.append(tx, {
        actorId: ctx.user.id,
        organisationId: found.organisationId,
        action: `${kind}.image`,
        entity: 'user',
        entityId: id,
        before: previous ?? null,
        after: image,
      });
      return updated;
    });
    if (previous) await files.remove(previous.filePath);
    return { user, assoc: found.assoc, disabledIn: found.disabledIn };
  }

  return {
    // ------------------------------------------------ the contractor search (its own journey)
    ...createContractorSearch({ db }),

    // ------------------------------------------------------------- contractor companies
    async createContractor(ctx: AuthContext, input: CreateContractorBody) {
      const { account, invitationSent } = await create(ctx, 'contractor', contractorValues(input), input.cmp_id);
      return presentCreated(presentContractorAccount(account, ctx), invitationSent);
    },

    async editContractor(ctx: AuthContext, contractorId: string, updateData: EditContractorBody['updateData']) {
      return presentContractorAccount(await edit(ctx, 'contractor', contractorId, contractorValues(updateData)), ctx);
    },

    async changeContractorStatus(ctx: AuthContext, contractorId: string, disable: boolean) {
      return presentContractorAccount(await setStatus(ctx, 'contractor', contractorId, disable), ctx);
    },

    deleteContractor(ctx: AuthContext, contractorId: string) {
      return remove(ctx, 'contractor', contractorId);
    },

    async listContractors(ctx: AuthContext, companyId?: string) {
      return (await list(ctx, 'contractor', companyId)).map((a) => presentContractorAccount(a, ctx));
    },

    async uploadContractorImage(ctx: AuthContext, contractorId: string, file: { fileName: string; stream: Readable; truncated: () => boolean }) {
      return presentContractorAccount(await uploadImage(ctx, 'contractor', contractorId, file), ctx);
    },

    /**
     * Bulk add: the file (csv) or parsed rows; the header must be exact. Valid rows whose email
     * (any account) or name (this organisation's contractors) is taken are skipped; the rest are
     * created in one transaction and each gets an invitation.
     */
    async createBulkContractors(ctx: AuthContext, input: CreateBulkContractorsBody) {
      const organisationId = workingOrganisation(ctx, input.cmp_id);
      const parsed =
        input.csv !== undefined ? parseBulkCompanies(splitCsv(input.csv)) : parseBulkCompanyObjects(input.contractorsData ?? []);
      if (!parsed.ok) throw new AppError('BAD_REQUEST', parsed.message, { field: input.csv !== undefined ? 'csv' : 'contractorsData' });

      const emails = await accountsRepository.emailsTaken(db, parsed.valid.map((v) => v.data.emailid));
      const names = await accountsRepository.namesTaken(db, organisationId, UserType.CONTRACTOR, parsed.valid.map((v) => v.data.name));
      const skipped = [...parsed.skipped];
      const rows: (AccountValues & { id: string; type: number })[] = [];
      for (const { row, data } of parsed.valid) {
        if (emails.has(data.emailid)) {
          skipped.push({ row, field: 'emailid', reason: messages.users.emailExists });
        } else if (names.has(data.name.toLowerCase())) {
          skipped.push({ row, field: 'name', reason: messages.users.nameExists });
        } else {
          rows.push({ id: newId(), type: UserType.CONTRACTOR, ...newValues(contractorValues(data)) });
        }
      }

      let created: UserRow[];
      try {
        created = await db.transaction(async (tx) => {
          const inserted = await accountsRepository.insertAccounts(tx, rows, organisationId);
          for (const user of inserted) {
            await auditRepository.append(tx, {
              actorId: ctx.user.id,
              organisationId,
              action: 'contractor.create',
              entity: 'user',
              entityId: user.id,
              after: { ...snapshot(user), bulk: true },
            });
          }
          return inserted;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', messages.users.emailExists);
        throw err;
      }
      const orgName = await organisationName(organisationId);
      let invitationsSent = 0;
      for (const user of created) if (await invite(user, orgName)) invitationsSent += 1;
      return presentBulkReport({
        created: inFileOrder(created, rows.map((r) => r.id)).map((user) => ({ user, assoc: [organisationId], disabledIn: [] })),
        skipped,
        invalid: parsed.invalid,
        invitationsSent,
      }, ctx);
    },

    // --------------------------------------------------------------------------- auditors
    async createTpi(ctx: AuthContext, input: CreateTpiBody) {
      const { account, invitationSent } = await create(ctx, 'tpi', tpiValues(input), input.cmp_id);
      return presentCreated(presentTpiAccount(account, ctx), invitationSent);
    },

    async editTpi(ctx: AuthContext, tpiId: string, updateData: EditTpiBody['updateData']) {
      return presentTpiAccount(await edit(ctx, 'tpi', tpiId, tpiValues(updateData)), ctx);
    },

    async changeTpiStatus(ctx: AuthContext, tpiId: string, disable: boolean) {
      return presentTpiAccount(await setStatus(ctx, 'tpi', tpiId, disable), ctx);
    },

    deleteTpi(ctx: AuthContext, tpiId: string) {
      return remove(ctx, 'tpi', tpiId);
    },

    async listTpis(ctx: AuthContext, companyId?: string) {
      return (await list(ctx, 'tpi', companyId)).map((a) => presentTpiAccount(a, ctx));
    },

    async uploadTpiImage(ctx: AuthContext, tpiId: string, file: { fileName: string; stream: Readable; truncated: () => boolean }) {
      return presentTpiAccount(await uploadImage(ctx, 'tpi', tpiId, file), ctx);
    },

    // ------------------------------------------------------------------------ exists checks
    /**
     * data.exists of the checks: an email by any account of the caller's working organisation
     * (emails stay unique everywhere, so a create refuses another tenant's too, but the check does
     * not tell); a name, code or phone by a live account of the same kind there. excludeId leaves
     * out the account being edited.
     */
    async exists(ctx: AuthContext, kind: AccountKind, field: ExistsField, value: string, excludeId?: string): Promise<{ exists: boolean }> {
      const organisationId = workingOrganisation(ctx);
      if (field === 'email') {
        // Only accounts of the caller's organisation: whether another tenant has an account with
        // that email is not the caller's business (a create still refuses it, with the same text).
        const owner = await accountsRepository.findByEmailInOrganisation(db, value, organisationId);
        return { exists: owner !== undefined && owner.id !== excludeId };
      }
      const stored = field === 'phone' ? toE164(value, DEFAULT_COUNTRY_CODE) : value;
      return { exists: await accountsRepository.isTaken(db, { organisationId, type: TYPE_OF[kind], field, value: stored, excludeId }) };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
