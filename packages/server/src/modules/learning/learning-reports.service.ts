import { NOTICES_TOPIC } from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import { hoursOf } from '@palisade/domain/learning/learning.rules';
import type { LearningGraph, LearningTable, ProgressReply } from '@palisade/domain/learning/learning.schema';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import { createReadMemo, NO_GENERATION, type Generation } from '../../db/read-memo';
import type { AuthContext } from '../../plugins/auth-context';
import { learningRepository } from './learning.repository';
import { ownOrganisation } from './learning.service';

const m = messages.learning;

/** The first day of a date's UTC month, as the month sums key it. */
export function monthKey(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/**
 * Learning reports and progress (issue 15; DECISIONS.md: learning table roles, recordProgress).
 * Employees record their time per document; the organisation reads every employee of its
 * contractors, a contractor its own. Hours come from month sums kept in the transaction of each
 * recordProgress; the table sums a page of employees' progress rows.
 */
export function createLearningReportsService(deps: { db: Db; generation?: Generation }) {
  const { db } = deps;
  const employeePage = learningRepository.prepareEmployeePage(db);
  // How many employees an organisation (or one of its contractors) has, kept until the users
  // table changes (the auth generation: this instance's writes of it at once, other instances'
  // through the database's notifications): counting 5 000 of them cost more than the page.
  const employeeTotals = createReadMemo<number>(deps.generation ?? NO_GENERATION, 1000);

  /** Whose employees a caller reads: the organisation's all (or one contractor's), a contractor's own. */
  async function scopeOf(ctx: AuthContext, role: 'company' | 'contractor', organisationId: string, contractorId: string | undefined): Promise<string | null> {
    const named = contractorId === undefined || contractorId === '' ? null : contractorId;
    if (role === 'contractor' || ctx.user.type === UserType.CONTRACTOR) {
      if (named !== null && named !== ctx.user.id) throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractor_id' });
      return ctx.user.id;
    }
    if (named !== null && !(await learningRepository.contractorServes(db, named, organisationId)))
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
      const query = { organisationId, contractorId, search: q.search, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
      let page: Awaited<ReturnType<typeof employeePage>> | undefined;
      let total: number;
      if (q.search !== '') {
        page = await employeePage({ ...query, counted: true });
        total = page.total ?? 0;
      } else {
        // A kept count reads the page alone; else the page and the count in one statement.
        total =
          (await employeeTotals.get(`${organisationId}:${contractorId ?? ''}`, async () => {
            page = await employeePage({ ...query, counted: true });
            return page.total ?? 0;
          })) ?? 0;
        page ??= await employeePage({ ...query, counted: false });
      }
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
     * once and stays. The growth is added to this month's sum in the same transaction.
     */
    async recordProgress(ctx: AuthContext, input: { docId: string; seconds: number; completed: boolean }, now = new Date()): Promise<ProgressReply> {
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
        });
        await learningRepository.addMonthSeconds(tx, { organisationId: doc.organisationId, month: monthKey(now), contractorId }, seconds - before.seconds);
        return { docId: doc.id, seconds, completed, completedAt: completedAt ? completedAt.toISOString() : null };
      });
    },
  };
}
export type LearningReportsService = ReturnType<typeof createLearningReportsService>;
