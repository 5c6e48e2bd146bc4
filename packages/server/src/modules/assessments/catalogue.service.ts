import type { CreateAssessCategoryBody, EditAssessCategoryBody } from '@palisade/domain/assessments/category.schema';
import { planQuestionImport } from '@palisade/domain/assessments/question.rules';
import type {
  BulkQuestionsReply,
  CreateBulkQuestionsBody,
  CreateQuestionBody,
  EditQuestionBody,
  QuestionsPage,
  QuestionsPageQuery,
} from '@palisade/domain/assessments/question.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createOnce, storedOrRollBack } from '../../lib/create-once';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import { isUniqueViolation } from '../../db/errors';
import { organisationNamed } from './assessments.access';
import { presentCategory, presentNumberedQuestion, presentQuestion } from './assessments.presenter';
import { catalogueRepository, type CategoryRow, type QuestionRow } from './catalogue.repository';
import { createQuestionBank } from './question-bank';

const m = messages.assessment;

export interface CatalogueDeps {
  db: Db;
  /** The time of a bulk import's creation times (lib/clock.ts). */
  clock: Clock;
}

/**
 * The organisation's categories and question bank (company-and-auditor §2.6, §7). Names and
 * texts are unique per organisation regardless of case: checked first for the spec's text, and
 * held by a unique index against two simultaneous adds.
 */
export function createCatalogueService(deps: CatalogueDeps) {
  const { db, clock } = deps;
  const questionsPage = createQuestionBank(db);

  /** A category of one of the caller's organisations; else 404. */
  async function ownedCategory(ctx: AuthContext, id: string): Promise<CategoryRow> {
    const found = await catalogueRepository.findCategory(db, id);
    if (!found || !ctx.organisationIds.includes(found.organisationId)) throw new AppError('NOT_FOUND', m.categoryIdNotFound);
    return found;
  }

  /** A question of one of the caller's organisations; else 404. */
  async function ownedQuestion(ctx: AuthContext, id: string): Promise<QuestionRow> {
    const found = await catalogueRepository.findQuestion(db, id);
    if (!found || !ctx.organisationIds.includes(found.organisationId)) throw new AppError('NOT_FOUND', m.questionIdNotFound);
    return found;
  }

  const categoryExists = () => new AppError('CONFLICT', m.categoryExists, { field: 'name' });
  const questionExists = () => new AppError('CONFLICT', m.questionExists, { field: 'questText' });

  /** Runs a write; a unique-index violation becomes the spec's duplicate text. */
  async function unique<T>(write: () => Promise<T>, conflict: () => AppError): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict();
      throw err;
    }
  }

  /**
   * A create with a client-made id (lib/create-once.ts): a repeat is answered with the stored row
   * (the caller's own, in one of their organisations, as it is now) before the name is checked,
   * which the first row now holds. Two at once both pass that read; the primary key lets one
   * insert, and the other finds the id taken, or (having passed the name check too) gets the
   * name's unique violation once the first ended: both are answered with the first row.
   */
  async function createOnceWith<R extends { creatorId: string | null; organisationId: string }>(
    ctx: AuthContext,
    clientId: string | undefined,
    find: (id: string) => Promise<R | undefined>,
    create: (id: string) => Promise<R>,
  ): Promise<R> {
    const id = clientId ?? newId();
    const first = async () => {
      const stored = await find(id);
      return stored && ctx.organisationIds.includes(stored.organisationId) ? { creatorId: stored.creatorId, reply: stored } : undefined;
    };
    const raced = (err: unknown) => err instanceof AppError && err.status === 409;
    return (await createOnce(ctx.user.id, () => create(id), first, { readFirst: clientId !== undefined, raced })).reply;
  }

  return {
    // ------------------------------------------------------------------------------ categories
    async createCategory(ctx: AuthContext, input: CreateAssessCategoryBody) {
      const organisationId = organisationNamed(ctx, input.companyId);
      const row = await createOnceWith(ctx, input.id, (id) => catalogueRepository.findCategory(db, id), async (id) => {
        if (await catalogueRepository.categoryNameTaken(db, organisationId, input.name)) throw categoryExists();
        return unique(
          () =>
            db.transaction(async (tx) => {
              const inserted = storedOrRollBack(
                await catalogueRepository.insertCategory(tx, { id, organisationId, name: input.name, creatorId: ctx.user.id }),
              );
              await auditRepository.append(tx, {
                actorId: ctx.user.id,
                organisationId,
                action: 'category.create',
                entity: 'assess_category',
                entityId: inserted.id,
                after: { name: inserted.name },
              });
              return inserted;
            }),
          categoryExists,
        );
      });
      return presentCategory(row);
    },

    async editCategory(ctx: AuthContext, categoryId: string, updateData: EditAssessCategoryBody['updateData']) {
      const found = await ownedCategory(ctx, categoryId);
      if (await catalogueRepository.categoryNameTaken(db, found.organisationId, updateData.name, categoryId)) throw categoryExists();
      const row = await unique(
        () =>
          db.transaction(async (tx) => {
            const updated = await catalogueRepository.renameCategory(tx, categoryId, updateData.name);
            if (!updated) throw new AppError('NOT_FOUND', m.categoryIdNotFound);
            await auditRepository.append(tx, {
              actorId: ctx.user.id,
              organisationId: found.organisationId,
              action: 'category.edit',
              entity: 'assess_category',
              entityId: categoryId,
              before: { name: found.name },
              after: { name: updated.name },
            });
            return updated;
          }),
        categoryExists,
      );
      return presentCategory(row);
    },

    async listCategories(ctx: AuthContext, companyId: string) {
      const organisationId = organisationNamed(ctx, companyId);
      return (await catalogueRepository.listCategories(db, organisationId)).map(presentCategory);
    },

    // ------------------------------------------------------------------------------- questions
    async createQuestion(ctx: AuthContext, input: CreateQuestionBody) {
      const organisationId = organisationNamed(ctx, input.companyId);
      const row = await createOnceWith(ctx, input.id, (id) => catalogueRepository.findQuestion(db, id), async (id) => {
        if (await catalogueRepository.questionTextTaken(db, organisationId, input.questText)) throw questionExists();
        return unique(
          () =>
            db.transaction(async (tx) => {
              const [stored] = await catalogueRepository.insertQuestions(tx, [
                { id, organisationId, questText: input.questText, creatorId: ctx.user.id },
              ]);
              const inserted = storedOrRollBack(stored);
              await auditRepository.append(tx, {
                actorId: ctx.user.id,
                organisationId,
                action: 'question.create',
                entity: 'question',
                entityId: inserted.id,
                after: { questText: inserted.questText },
              });
              return inserted;
            }),
          questionExists,
        );
      });
      return presentQuestion(row);
    },

    async editQuestion(ctx: AuthContext, questionId: string, updateData: EditQuestionBody['updateData']) {
      const found = await ownedQuestion(ctx, questionId);
      if (await catalogueRepository.questionTextTaken(db, found.organisationId, updateData.questText, questionId)) throw questionExists();
      const row = await unique(
        () =>
          db.transaction(async (tx) => {
            const updated = await catalogueRepository.editQuestion(tx, questionId, updateData.questText);
            if (!updated) throw new AppError('NOT_FOUND', m.questionIdNotFound);
            await auditRepository.append(tx, {
              actorId: ctx.user.id,
              organisationId: found.organisationId,
              action: 'question.edit',
              entity: 'question',
              entityId: questionId,
              before: { questText: found.questText },
              after: { questText: updated.questText },
            });
            return updated;
          }),
        questionExists,
      );
      return presentQuestion(row);
    },

    /**
     * Import (spec §4: "CSV import skips empty rows and questions that already exist"): every row
     * names the same organisation, one of the caller's. Rows failing the new-question rule, empty,
     * existing or repeated are skipped with their reason; the rest are created in one transaction,
     * in the order sent.
     */
    async createBulkQuestions(ctx: AuthContext, input: CreateBulkQuestionsBody): Promise<BulkQuestionsReply> {
      const companyIds = new Set(input.questionsData.map((q) => q.companyId));
      if (companyIds.size > 1) throw new AppError('BAD_REQUEST', 'All questions of an import must name the same companyId', { field: 'questionsData' });
      const organisationId = organisationNamed(ctx, input.questionsData[0]?.companyId ?? '');
      const texts = input.questionsData.map((q) => q.questText);
      const lowered = texts.map((t) => (t ?? '').trim().toLowerCase()).filter((t) => t.length > 0);
      const existing = await catalogueRepository.questionTextsTaken(db, organisationId, lowered);
      const plan = planQuestionImport(texts, existing);
      // Creation times a millisecond apart keep the list in the file's order.
      const base = clock.now().getTime();
      const rows = plan.create.map((r, i) => ({ id: newId(), organisationId, questText: r.questText, creatorId: ctx.user.id, createdAt: new Date(base + i) }));
      const created = await unique(
        () =>
          db.transaction(async (tx) => {
            const inserted = await catalogueRepository.insertQuestions(tx, rows);
            for (const q of inserted) {
              await auditRepository.append(tx, {
                actorId: ctx.user.id,
                organisationId,
                action: 'question.create',
                entity: 'question',
                entityId: q.id,
                after: { questText: q.questText, bulk: true },
              });
            }
            return inserted;
          }),
        questionExists,
      );
      const order = new Map(rows.map((r, i) => [r.id, i]));
      created.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return { created: created.map(presentQuestion), createdCount: created.length, skipped: plan.skipped };
    },

    async listQuestions(ctx: AuthContext, companyId: string) {
      const organisationId = organisationNamed(ctx, companyId);
      return (await catalogueRepository.listQuestions(db, organisationId)).map(presentQuestion);
    },

    /** One page of the bank that holds the search (Select Existing Question). */
    async listQuestionsPage(ctx: AuthContext, companyId: string, query: QuestionsPageQuery): Promise<QuestionsPage> {
      const organisationId = organisationNamed(ctx, companyId);
      const { rows, total } = await questionsPage(organisationId, query);
      return { data: rows.map(presentNumberedQuestion), total };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
