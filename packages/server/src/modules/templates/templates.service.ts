import type { AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import { AppError } from '@palisade/domain/errors';
import { STARTER_LIBRARY, starterSetOf, questionCountOf, type StarterSet, type StarterSetId } from '@palisade/domain/templates/starter-library';
import type { AddStarterSetReply, DuplicateAssessmentBody, StarterSetReply } from '@palisade/domain/templates/templates.schema';
import { templatesMessages } from '@palisade/domain/templates/templates.messages';
import { duplicateDueDateOf, duplicateNameOf } from '@palisade/domain/templates/templates.rules';
import { AssessmentStatus } from '@palisade/domain/statuses';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createOnce, storedOrRollBack } from '../../lib/create-once';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import { assertDueDate, organisationNamed } from '../assessments/assessments.access';
import { organisationDay } from '../organisations/time-zone.service';
import { assessmentSnapshot, INCLUDE_ALL, presentAssessment } from '../assessments/assessments.presenter';
import { assessmentsRepository, type AssessmentTree, type SectionWrite } from '../assessments/assessments.repository';
import { templatesRepository, type BankHoldings } from './templates.repository';

const m = templatesMessages;

export interface TemplatesDeps {
  db: Db;
  /** Today for a copy's due date, and the creation times of what the library adds (lib/clock.ts). */
  clock: Clock;
}

/** Every section setting of a stored assessment, as the repository writes them: the copy's sections. */
function sectionsOf(tree: AssessmentTree): SectionWrite[] {
  return tree.sections.map((s) => ({
    categoryId: s.categoryId,
    totalMarks: s.totalMarks,
    factors: { ...s.factors },
    questions: s.questions.map((q) => ({ questionId: q.questionId, answerType: q.answerType, options: [...q.options] })),
  }));
}

const lower = (text: string) => text.toLowerCase();

/** A set as the library lists it, with what the bank holds of it. */
function presentSet(set: StarterSet, holds: BankHoldings): StarterSetReply {
  const categories = set.categories.map((c) => ({
    name: c.name,
    inBank: holds.categories.has(lower(c.name)),
    questions: c.questions.map((q) => ({ questText: q.questText, answerType: q.answerType, options: [...q.options], inBank: holds.questions.has(lower(q.questText)) })),
  }));
  const questionsInBank = categories.reduce((n, c) => n + c.questions.filter((q) => q.inBank).length, 0);
  const questionCount = questionCountOf(set);
  return {
    _id: set.id,
    name: set.name,
    description: set.description,
    categories,
    questionCount,
    questionsInBank,
    added: questionsInBank === questionCount && categories.every((c) => c.inBank),
  };
}

const namesOf = (sets: readonly StarterSet[]) => sets.flatMap((s) => s.categories.map((c) => lower(c.name)));
const textsOf = (sets: readonly StarterSet[]) => sets.flatMap((s) => s.categories.flatMap((c) => c.questions.map((q) => lower(q.questText))));

/**
 * Templates (issue 58): duplicating an assessment of the organisation into a new NEW one, and the
 * starter library, whose sets the organisation adds to its own question bank.
 */
export function createTemplatesService(deps: TemplatesDeps) {
  const { db, clock } = deps;

  async function treeOf(id: string, organisationIds: readonly string[]): Promise<AssessmentTree> {
    const tree = await assessmentsRepository.loadTree(db, id);
    if (!tree || !organisationIds.includes(tree.assessment.organisationId)) throw new AppError('NOT_FOUND', m.sourceNotFound, { field: 'assessmentId' });
    return tree;
  }

  return {
    /**
     * A copy of one of the organisation's assessments (NEW or started): its sections in order with
     * their category, marks and factors, and their questions in order with answer type and
     * choices. The copy is shared with nobody (sharing tells contractors of it: the organisation
     * shares it once it is ready) and is not recurring. With the client's id, a repeat is answered
     * with the copy the first call made (client-id.ts).
     */
    async duplicate(ctx: AuthContext, input: DuplicateAssessmentBody): Promise<AssessmentReply> {
      const id = input.id ?? newId();
      const create = async () => {
        const source = await treeOf(input.assessmentId, ctx.organisationIds);
        const organisationId = source.assessment.organisationId;
        const name = input.name ?? duplicateNameOf(source.assessment.name);
        return db.transaction(async (tx) => {
          // Today is the organisation's (its time zone's day, issue 60).
          await assertDueDate(tx, organisationId, input.dueDate, clock.now());
          const dueDate = input.dueDate ?? duplicateDueDateOf(source.assessment.dueDate, await organisationDay(tx, organisationId, clock.now()));
          storedOrRollBack(
            await assessmentsRepository.insert(tx, { id, organisationId, name, dueDate, status: AssessmentStatus.NEW, creatorId: ctx.user.id, at: clock.now() }),
          );
          await assessmentsRepository.writeSections(tx, id, sectionsOf(source));
          await assessmentsRepository.appendTimeline(tx, {
            assessmentId: id,
            actorId: ctx.user.id,
            actorName: ctx.user.name,
            status: AssessmentStatus.NEW,
            action: 'created',
          });
          const created = await assessmentsRepository.loadTree(tx, id);
          if (!created) throw new AppError('NOT_FOUND', m.sourceNotFound);
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId,
            // A copy is a created assessment (the log's sentence counts its sections and questions).
            action: 'assessment.create',
            entity: 'assessment',
            entityId: id,
            after: { ...assessmentSnapshot(created), duplicatedFrom: source.assessment.id },
          });
          return presentAssessment(created, INCLUDE_ALL);
        });
      };
      const first = async () => {
        const stored = await assessmentsRepository.find(db, id);
        if (!stored || !ctx.organisationIds.includes(stored.organisationId)) return undefined;
        const tree = await assessmentsRepository.loadTree(db, id);
        return tree ? { creatorId: stored.creatorId, reply: presentAssessment(tree, INCLUDE_ALL) } : undefined;
      };
      return (await createOnce(ctx.user.id, create, first, { readFirst: input.id !== undefined })).reply;
    },

    /** The starter library, each set with what the organisation's bank holds of it (two reads). */
    async listSets(ctx: AuthContext, companyId: string): Promise<StarterSetReply[]> {
      const organisationId = organisationNamed(ctx, companyId);
      const holds = await templatesRepository.holdings(db, organisationId, namesOf(STARTER_LIBRARY), textsOf(STARTER_LIBRARY));
      return STARTER_LIBRARY.map((set) => presentSet(set, holds));
    },

    /**
     * Adds a starter set's categories and questions to the organisation's bank, in the set's
     * order; what the bank holds already (the same name or text in any case: an earlier add, or
     * the organisation's own) is kept as it is, so a second add adds nothing, and two at once add
     * each once (the bank's unique indexes). One transaction, an audit entry for each category and question added.
     */
    async addSet(ctx: AuthContext, companyId: string, setId: StarterSetId): Promise<{ reply: AddStarterSetReply; name: string }> {
      const organisationId = organisationNamed(ctx, companyId);
      const set = starterSetOf(setId);
      if (!set) throw new AppError('BAD_REQUEST', m.setInvalid, { field: 'setId' });
      const names = set.categories.map((c) => c.name);
      const texts = set.categories.flatMap((c) => c.questions.map((q) => q.questText));
      // Creation times a millisecond apart keep the bank's list (oldest first) in the set's order.
      const base = clock.now().getTime();
      const reply = await db.transaction(async (tx) => {
        const holds = await templatesRepository.holdings(tx, organisationId, names.map(lower), texts.map(lower));
        const categories = await templatesRepository.addCategories(
          tx,
          names.filter((n) => !holds.categories.has(lower(n))).map((name, i) => ({ id: newId(), organisationId, name, creatorId: ctx.user.id, createdAt: new Date(base + i) })),
        );
        const added = await templatesRepository.addQuestions(
          tx,
          texts.filter((t) => !holds.questions.has(lower(t))).map((questText, i) => ({ id: newId(), organisationId, questText, creatorId: ctx.user.id, createdAt: new Date(base + i) })),
        );
        // Logged as the bank's own adds are (the import's: one entry a question).
        for (const c of categories) {
          await auditRepository.append(tx, { actorId: ctx.user.id, organisationId, action: 'category.create', entity: 'assess_category', entityId: c.id, after: { name: c.name, starterSet: set.id } });
        }
        for (const q of added) {
          await auditRepository.append(tx, { actorId: ctx.user.id, organisationId, action: 'question.create', entity: 'question', entityId: q.id, after: { questText: q.questText, bulk: true, starterSet: set.id } });
        }
        return {
          setId: set.id,
          categoriesAdded: categories.length,
          categoriesKept: names.length - categories.length,
          questionsAdded: added.length,
          questionsKept: texts.length - added.length,
        };
      });
      return { reply, name: set.name };
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
