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
import { learningRepository } from './learning.repository';
import { ownOrganisation } from './learning.service';

const m = messages.learning;

/** Searches whose matches are kept, what they may hold in all, and what one match (an id) is counted as. */
const SEARCHES_MAX = 1000;
const SEARCHES_MAX_BYTES = 4 * 1024 * 1024;
const SEARCH_ID_BYTES = 100;

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
  // Each search's matches (ids in name order), kept until the users table changes (the auth
  // generation: this instance's writes of it at once, other instances' through the database's
  // notifications).
  const matches = createReadMemo<string[]>(deps.generation ?? NO_GENERATION, SEARCHES_MAX, {
    maxSize: SEARCHES_MAX_BYTES,
    sizeOf: (ids) => 64 + ids.length * SEARCH_ID_BYTES,
  });
  // …and each scope's number of employees, by the same rule.
  const counts = createReadMemo<number>(deps.generation ?? NO_GENERATION, SEARCHES_MAX);

  /** A page of the scope's employees by name, with their number (kept until the users change). */
  async function unsearchedPage(q: { organisationId: string; contractorId: string | null; limit: number; offset: number }) {
    const total = await counts.get(`${q.organisationId}\n${q.contractorId ?? ''}`, () => employees.count(q));
    return { ...(await employees.page(q)), total };
  }

  /**
   * A page of the employees whose name or company's name holds the text: the matches are found
   * through the trigram indexes (learning.repository.ts) and kept until the users change, so that
   * paging through them reads only each page; the page's rows (and their sums) are read each time.
   */
  async function searchedPage(q: { organisationId: string; contractorId: string | null; search: string; limit: number; offset: number }) {
    const ids = await matches.get(`${q.organisationId}\n${q.contractorId ?? ''}\n${q.search}`, () => employees.searchIds(q));
    const { rows, modules } = await employees.pageOf({ ...q, ids: ids.slice(q.offset, q.offset + q.limit) });
    return { rows, total: ids.length, modules };
  }

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
      const page = { organisationId, contractorId, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
      const { rows, total, modules } = q.search === '' ? await unsearchedPage(page) : await searchedPage({ ...page, search: q.search });
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
