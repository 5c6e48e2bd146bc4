import { toE164 } from '@palisade/domain/auth/profile.schema';
import { DEFAULT_COUNTRY_CODE } from '@palisade/domain/constants';
import { parseBulkEmployees } from '@palisade/domain/employees/employee-bulk.rules';
import type {
  BulkEmployeeSkipped,
  BulkEmployeesReport,
  CreatedEmployee,
  Employee,
  EmployeesPage,
  EmployeeValues as EmployeeInput,
} from '@palisade/domain/employees/employee.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import { splitCsv } from '@palisade/domain/users/bulk.rules';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { bulkReport, inFileOrder } from '../../lib/bulk-report';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/auth-context';
import { accountsRepository } from '../accounts/accounts.repository';
import { auditRepository } from '../audit/audit.repository';
import { authRepository, type UserRow } from '../auth/auth.repository';
import type { Invite } from '../auth/invitation.service';
import { employeeSnapshot, presentEmployee } from './employees.presenter';
import { employeesRepository, type EmployeeValues, type NewEmployee } from './employees.repository';

const m = messages.employees;

/** '' (not given) is null; a phone of ten digits becomes E.164. undefined stays: not sent. */
function valuesOf(input: Partial<EmployeeInput>): Partial<EmployeeValues> {
  const values: Partial<EmployeeValues> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.email !== undefined) values.email = input.email.toLowerCase();
  if (input.mobile !== undefined)
    values.phone = input.mobile === '' ? null : toE164(input.mobile, DEFAULT_COUNTRY_CODE);
  if (input.code !== undefined) values.code = input.code === '' ? null : input.code;
  return values;
}

export interface EmployeesDeps {
  db: Db;
  invite: Invite;
  clock: Clock;
}

/**
 * A contractor's employees (user type 5; DECISIONS.md, Employee): the contractor adds them (each
 * gets an invitation to set a first password), bulk-adds them from a CSV file, edits, enables and
 * disables them, and lists them. An employee belongs to its contractor and to the organisation the
 * contractor worked for when adding it; the contractor sees and changes only those of its working
 * organisation. Anyone else's employee is 404.
 */
export function createEmployeesService(deps: EmployeesDeps) {
  const { db, invite, clock } = deps;

  /** The contractor's working organisation; without one nothing can be managed. */
  function scope(ctx: AuthContext): { contractorId: string; organisationId: string } {
    if (!ctx.organisationId) throw new AppError('FORBIDDEN', m.noOrganisation);
    return { contractorId: ctx.user.id, organisationId: ctx.organisationId };
  }

  /** A live employee of the caller in its working organisation; else 404. */
  async function findOwned(ctx: AuthContext, id: string): Promise<UserRow> {
    const { contractorId, organisationId } = scope(ctx);
    const user = await employeesRepository.find(db, id);
    // 404, never 403: whether another contractor's or tenant's employee exists is not the caller's business.
    if (
      !user ||
      user.type !== UserType.EMPLOYEE ||
      user.deletedAt ||
      user.contractorId !== contractorId ||
      user.organisationId !== organisationId
    ) {
      throw new AppError('NOT_FOUND');
    }
    return user;
  }

  /** 409 when the e-mail (any account) or the code (the contractor's employees) is taken. */
  async function assertFree(
    contractorId: string,
    values: Partial<EmployeeValues>,
    excludeId?: string,
  ): Promise<void> {
    if (values.email !== undefined) {
      const owner = await accountsRepository.findByEmail(db, values.email);
      if (owner && owner.id !== excludeId)
        throw new AppError('CONFLICT', messages.users.emailExists, { field: 'email' });
    }
    if (values.code) {
      const taken = await employeesRepository.codesTaken(
        db,
        contractorId,
        [values.code],
        excludeId,
      );
      if (taken.size > 0) throw new AppError('CONFLICT', m.codeExists, { field: 'code' });
    }
  }

  async function mailInvitation(
    ctx: AuthContext,
    user: UserRow,
    organisationId: string,
  ): Promise<boolean> {
    const organisation =
      (await accountsRepository.organisationName(db, organisationId)) ?? 'your organisation';
    return invite(user, (link) => m.inviteMailText(user.name, ctx.user.name, organisation, link));
  }

  /** A unique-index violation at insert or update: the e-mail was taken meanwhile. */
  function conflictOr(err: unknown): unknown {
    return isUniqueViolation(err)
      ? new AppError('CONFLICT', messages.users.emailExists, { field: 'email' })
      : err;
  }

  return {
    async list(
      ctx: AuthContext,
      q: { search: string; page: number; pageSize: number },
    ): Promise<EmployeesPage> {
      const { rows, total } = await employeesRepository.page(db, {
        ...scope(ctx),
        search: q.search,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return { data: rows.map(presentEmployee), total };
    },

    async create(ctx: AuthContext, input: EmployeeInput): Promise<CreatedEmployee> {
      const { contractorId, organisationId } = scope(ctx);
      const values = valuesOf(input);
      await assertFree(contractorId, values);
      const row: NewEmployee = {
        id: newId(),
        contractorId,
        organisationId,
        name: values.name ?? '',
        email: values.email ?? '',
        phone: values.phone ?? null,
        code: values.code ?? null,
      };
      let user: UserRow;
      try {
        user = await db.transaction(async (tx) => {
          const [created] = await employeesRepository.insert(tx, [row]);
          if (!created) throw new AppError('INTERNAL');
          await auditRepository.append(tx, {
            actorId: contractorId,
            organisationId,
            action: 'employee.create',
            entity: 'user',
            entityId: created.id,
            after: employeeSnapshot(created),
          });
          return created;
        });
      } catch (err) {
        throw conflictOr(err);
      }
      const invitationSent = await mailInvitation(ctx, user, organisationId);
      return { ...presentEmployee(user), invitationSent };
    },

    async edit(
      ctx: AuthContext,
      employeeId: string,
      updateData: Partial<EmployeeInput>,
    ): Promise<Employee> {
      const found = await findOwned(ctx, employeeId);
      const values = valuesOf(updateData);
      await assertFree(ctx.user.id, values, employeeId);
      try {
        const user = await db.transaction(async (tx) => {
          const updated = await employeesRepository.update(tx, employeeId, values, clock.now());
          if (!updated) throw new AppError('NOT_FOUND');
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId: found.organisationId,
            action: 'employee.edit',
            entity: 'user',
            entityId: employeeId,
            before: employeeSnapshot(found),
            after: employeeSnapshot(updated),
          });
          return updated;
        });
        return presentEmployee(user);
      } catch (err) {
        throw conflictOr(err);
      }
    },

    /** disable: off, and every session of the employee ends (sign-in refused); else on again. */
    async setStatus(ctx: AuthContext, employeeId: string, disable: boolean): Promise<Employee> {
      const found = await findOwned(ctx, employeeId);
      const user = await db.transaction(async (tx) => {
        const updated = await employeesRepository.setActive(tx, employeeId, !disable, clock.now());
        if (!updated) throw new AppError('NOT_FOUND');
        if (disable) await authRepository.deleteSessionsOfUser(tx, employeeId);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: found.organisationId,
          action: disable ? 'employee.disable' : 'employee.enable',
          entity: 'user',
          entityId: employeeId,
          before: { isActive: found.isActive, name: found.name },
          after: { isActive: updated.isActive, name: updated.name },
        });
        return updated;
      });
      return presentEmployee(user);
    },

    /**
     * Bulk add from a CSV file (the header must be exact, as for contractor companies). Valid rows
     * whose e-mail (any account) or code (the contractor's employees) is taken are skipped; the
     * rest are created in one transaction and each gets an invitation.
     */
    async createBulk(ctx: AuthContext, csv: string): Promise<BulkEmployeesReport> {
      const { contractorId, organisationId } = scope(ctx);
      const parsed = parseBulkEmployees(splitCsv(csv));
      if (!parsed.ok) throw new AppError('BAD_REQUEST', parsed.message, { field: 'csv' });

      const emails = await accountsRepository.emailsTaken(
        db,
        parsed.valid.map((v) => v.data.email),
      );
      const codes = await employeesRepository.codesTaken(
        db,
        contractorId,
        parsed.valid.flatMap((v) => (v.data.code ? [v.data.code] : [])),
      );
      const skipped: BulkEmployeeSkipped[] = [...parsed.skipped];
      const rows: NewEmployee[] = [];
      for (const { row, data } of parsed.valid) {
        const values = valuesOf(data);
        if (emails.has(data.email)) {
          skipped.push({ row, field: 'email', reason: messages.users.emailExists });
        } else if (values.code && codes.has(values.code.toLowerCase())) {
          skipped.push({ row, field: 'code', reason: m.codeExists });
        } else {
          rows.push({
            id: newId(),
            contractorId,
            organisationId,
            name: values.name ?? '',
            email: values.email ?? '',
            phone: values.phone ?? null,
            code: values.code ?? null,
          });
        }
      }

      let created: UserRow[];
      try {
        created = await db.transaction(async (tx) => {
          const inserted = await employeesRepository.insert(tx, rows);
          for (const user of inserted) {
            await auditRepository.append(tx, {
              actorId: contractorId,
              organisationId,
              action: 'employee.create',
              entity: 'user',
              entityId: user.id,
              after: { ...employeeSnapshot(user), bulk: true },
            });
          }
          return inserted;
        });
      } catch (err) {
        throw conflictOr(err);
      }
      let invitationsSent = 0;
      for (const user of created)
        if (await mailInvitation(ctx, user, organisationId)) invitationsSent += 1;
      return bulkReport({
        created: inFileOrder(
          created,
          rows.map((r) => r.id),
        ).map(presentEmployee),
        skipped,
        invalid: parsed.invalid,
        invitationsSent,
      });
    },
  };
}
export type EmployeesService = ReturnType<typeof createEmployeesService>;
