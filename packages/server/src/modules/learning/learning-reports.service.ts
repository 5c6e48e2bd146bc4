import { NOTICES_TOPIC } from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import { hoursOf } from '@palisade/domain/learning/learning.rules';
import type { LearningGraph, LearningTable, ProgressReply } from '@palisade/domain/learning/learning.schema';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createReadMemo, NO_GENERATION, type Generation } from '../../db/read-memo';
import type { AuthContext } from '../../plugins/auth-context';
import { usersRepository } from '../users/users.repository';
import { employeeDirectory, matchingIds, type EmployeeDirectory } from './employee-directory';
import { learningRepository } from './learning.repository';
import { ownOrganisation } from './learning.service';

const m = messages.learning;

/** What the kept directories may hold, and what one entry (an id and a name) is counted as. */
const DIRECTORY_MAX_BYTES = 32 * 1024 * 1024;
const DIRECTORY_ENTRY_BYTES = 200;

/** The first day of a date's UTC month, as the month sums key it. */
export function monthKey(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/**
 * Learning reports and progress (issue 15; DECISIONS.md: learning table roles, recordProgress).
 * Employees record their time per document; the organisation reads every employee of its
 * contractors, a contractor its own. Hours come from month sums kept in the transaction of each
 * recordProgress; the table reads its page's employees' sums, kept the same way.
 */
export function createLearningReportsService(deps: { db: Db; generation?: Generation; clock: Clock }) {
  const { db, clock } = deps;
  const employees = learningRepository.prepareEmployeeReads(db);
  // Each scope's employees (an organisation's, or one contractor's; employee-directory.ts), kept
  // until the users table changes (the auth generation: this instance's writes of it at once,
  // other instances' through the database's notifications).
  const directories = createReadMemo<EmployeeDirectory>(deps.generation ?? NO_GENERATION, 1000, {
    maxSize: DIRECTORY_MAX_BYTES,
    sizeOf: (d) => d.ids.length * DIRECTORY_ENTRY_BYTES,
  });
  const directoryOf = (organisationId: string, contractorId: string | null): Promise<EmployeeDirectory> =>
    directories.get(`${organisationId}:${contractorId ?? ''}`, async () => employeeDirectory(await employees.directory({ organisationId, contractorId })));

  /** Whose employees a caller reads: the organisation's all (or one contractor's), a contractor's own. */
  async function scopeOf(ctx: AuthContext, role: 'company' | 'contractor', organisationId: string, contractorId: string | undefined): Promise<string | null> {
    const named = contractorId === undefined || contractorId === '' ? null : contractorId;
    if (role === 'contractor' || ctx.user.type === UserType.CONTRACTOR) {
      if (named !== null && named !== ctx.user.id) throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractor_id' });
      return ctx.user.id;
    }
    if (named !== null && !(await usersRepository.contractorServes(db, named, organisationId)))
      throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractor_id' });
    return named;
  }

  return {
    /** GET /{role}/fetchLearningTable: a page of employees by name with seconds and completed modules. */
    async table(
      ctx: AuthContext,
      role: 'company' | 'contractor',
      q: { cmp_id: string; contractor_id?: string; page: number; pageSize: number; search: string },
    ): Promise<LearningTable> {
      const organisationId = ownOrganisation(ctx, q.cmp_id);
      const contractorId = await scopeOf(ctx, role, organisationId, q.contractor_id);
      const directory = await directoryOf(organisationId, contractorId);
      const offset = (q.page - 1) * q.pageSize;
      // The search's text anywhere in the name, in any case; the page is then read by its ids, in
      // the kept order.
      const ids = matchingIds(directory, q.search);
      const total = ids.length;
      const page = await employees.pageOf({ organisationId, contractorId, ids: ids.slice(offset, offset + q.pageSize) });
      const { rows, modules } = page;
      return {
        data: rows.map((r) => ({
          _id: r.id,
          name: r.name,
          email: r.email,
          contractorId: r.contractorId,
          contractorName: r.contractorName,
          completed_hrs: r.seconds,
          completed_modules: r.completed,
        })),
        total,
        total_learning_module: modules,
      };
    },

    /** GET company/fetchLearningGraph: seconds and hours per month of a year (a contractor: its employees'). */
    async graph(ctx: AuthContext, q: { cmp_id: string; year: number }): Promise<LearningGraph> {
      const organisationId = ownOrganisation(ctx, q.cmp_id);
      const contractorId = ctx.user.type === UserType.CONTRACTOR ? ctx.user.id : null;
      const sums = await learningRepository.monthSeconds(db, organisationId, q.year, contractorId);
      return {
        year: q.year,
        data: Array.from({ length: 12 }, (_, i) => {
          const seconds = sums.get(i + 1) ?? 0;
          return { month: i + 1, seconds, hours: hoursOf(seconds) };
        }),
      };
    },

    /**
     * POST learning/recordProgress: an employee's seconds on a learning document of its
     * organisation. Seconds only grow (a smaller value keeps the larger one); completion is set
     * once and stays. The growth is added to this month's sum and to the employee's sums in the
     * same transaction.
     */
    async recordProgress(ctx: AuthContext, input: { docId: string; seconds: number; completed: boolean }, now: Date = clock.now()): Promise<ProgressReply> {
      const doc = await learningRepository.findDocument(db, input.docId);
      if (!doc || !doc.ready || doc.topic === NOTICES_TOPIC || !ctx.organisationIds.includes(doc.organisationId))
        throw new AppError('NOT_FOUND', m.notFound, { field: 'docId' });
      const contractorId = ctx.user.contractorId ?? '';
      return db.transaction(async (tx) => {
        const before = await learningRepository.lockProgress(tx, { docId: doc.id, userId: ctx.user.id, organisationId: doc.organisationId, contractorId });
        const seconds = Math.max(before.seconds, input.seconds);
        const completed = before.completed || input.completed;
        const completedAt = before.completedAt ?? (completed ? now : null);
        await learningRepository.upsertProgress(tx, {
          docId: doc.id,
          userId: ctx.user.id,
          organisationId: doc.organisationId,
          contractorId,
          seconds,
          completed,
          completedAt,
        }, now);
        await learningRepository.addMonthSeconds(tx, { organisationId: doc.organisationId, month: monthKey(now), contractorId }, seconds - before.seconds);
        await learningRepository.addEmployeeTotals(tx, ctx.user.id, seconds - before.seconds, completed && !before.completed ? 1 : 0);
        return { docId: doc.id, seconds, completed, completedAt: completedAt ? completedAt.toISOString() : null };
      });
    },
  };
}
export type LearningReportsService = ReturnType<typeof createLearningReportsService>;
