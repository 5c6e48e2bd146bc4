import type { AssessmentReply, CreateAssessmentBody, EditAssessmentBody, Include, Section } from '@palisade/domain/assessments/assessment.schema';
import { clientIdTexts } from '@palisade/domain/client-id';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { AssessmentStatus } from '@palisade/domain/statuses';
import type { Db, DbOrTx } from '../../db/client';
import type { Generation } from '../../db/read-memo';
import type { Clock } from '../../lib/clock';
import { createOnce, storedOrRollBack } from '../../lib/create-once';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import type { Notifier } from '../notifications/notifications.service';
import { assertDueDate, listedOrganisation, workingOrganisation } from './assessments.access';
import { assessmentSnapshot, INCLUDE_ALL, presentAssessment } from './assessments.presenter';
import { assessmentsRepository, type AssessmentRow, type AssessmentTree, type SectionWrite } from './assessments.repository';
import { createAssessmentPages } from './assessment-pages';
import { catalogueRepository } from './catalogue.repository';

const m = messages.assessment;

export interface AssessmentsDeps {
  db: Db;
  /** Tells contractors of an assessment shared with them (issue 22). */
  notifier: Notifier;
  /** How long a kept list version holds (db/freshness.ts). */
  generation: Generation;
  /** The time of an edit (lib/clock.ts). */
  clock: Clock;
}

/** Sections of a body as the repository writes them. */
function sectionWrites(sections: readonly Section[]): SectionWrite[] {
  return sections.map((s) => ({
    categoryId: s.category,
    totalMarks: s.totalMarks,
    factors: { ...s.factors },
    questions: s.questions.map((q) => ({ questionId: q.question, answerType: q.questType.answerType, options: q.questType.options })),
  }));
}

/**
 * Assessments (company-and-auditor §2.4, §2.6, §4, §7): the organisation builds them from its
 * categories and questions and shares them with its contractor companies; its auditors read them.
 * Every write runs in one transaction with an audit entry and a timeline row. An assessment with
 * any response is frozen: edit and delete are 409 with the spec's text.
 */
export function createAssessmentsService(deps: AssessmentsDeps) {
  const { db, clock } = deps;
  const pageJson = createAssessmentPages(db, deps.generation);

  /**
   * Every category, question and contractor a body names must belong to the organisation: else
   * 404 naming the first that does not. `keepContractors` are accepted as they are (already
   * shared, even if deleted since).
   */

  async function assertReferences(
    tx: DbOrTx,
    organisationId: string,
    body: { sections?: readonly Section[] | undefined; contractors?: readonly string[] | undefined },
    keepContractors: readonly string[] = [],
  ): Promise<void> {
    if (body.sections) {
      const categoryIds = body.sections.map((s) => s.category);
      const categories = await catalogueRepository.categoryIdsIn(tx, organisationId, categoryIds);
      const badCategory = body.sections.findIndex((s) => !categories.has(s.category));
      if (badCategory >= 0) {
        const id = body.sections[badCategory]?.category ?? '';
        throw new AppError('NOT_FOUND', m.categoryNotFound(id), { field: `sections.${badCategory}.category`, id });
      }
      const questionIds = [...new Set(body.sections.flatMap((s) => s.questions.map((q) => q.question)))];
      const found = await catalogueRepository.questionIdsIn(tx, organisationId, questionIds);
      for (const [i, s] of body.sections.entries()) {
        const j = s.questions.findIndex((q) => !found.has(q.question));
        if (j >= 0) {
          const id = s.questions[j]?.question ?? '';
          throw new AppError('NOT_FOUND', m.questionNotFound(id), { field: `sections.${i}.questions.${j}.question`, id });
        }
      }
    }
    if (body.contractors) {
      const keep = new Set(keepContractors);
      const live = await assessmentsRepository.liveContractorIdsIn(tx, organisationId, body.contractors.filter((id) => !keep.has(id)));
      const bad = body.contractors.findIndex((id) => !keep.has(id) && !live.has(id));
      if (bad >= 0) {
        const id = body.contractors[bad] ?? '';
        throw new AppError('NOT_FOUND', m.contractorNotFound(id), { field: `contractors.${bad}`, id });
      }
    }
  }

  /** An assessment of one of the caller's organisations; else 404. */
  async function owned(ctx: AuthContext, id: string): Promise<AssessmentRow> {
    const found = await assessmentsRepository.find(db, id);
    if (!found || !ctx.organisationIds.includes(found.organisationId)) throw new AppError('NOT_FOUND', m.notFound);
    return found;
  }

  /**
   * Locks the assessment and refuses the write once any contractor has responded (409 with
   * `startedText`); then an edit based on another version than the stored one (409).
   */
  async function lockUnanswered(tx: DbOrTx, id: string, startedText: string, basedOn?: number): Promise<AssessmentRow> {
    const locked = await assessmentsRepository.lock(tx, id);
    if (!locked) throw new AppError('NOT_FOUND', m.notFound);
    if ((await assessmentsRepository.responseCount(tx, id)) > 0) throw new AppError('CONFLICT', startedText);
    if (basedOn !== undefined && basedOn !== locked.version) {
      throw new AppError('CONFLICT', clientIdTexts.changed, { field: 'version', version: locked.version });
    }
    return locked;
  }

  async function treeOf(tx: DbOrTx, id: string): Promise<AssessmentTree> {
    const tree = await assessmentsRepository.loadTree(tx, id);
    if (!tree) throw new AppError('NOT_FOUND', m.notFound);
    return tree;
  }

  return {
    /**
     * Creates the assessment with status NEW, shared with the contractors given. With the
     * client's id: the same id again (a double click, a retry, two at once) stores one assessment
     * and tells its contractors once (client-id.ts).
     */
    async create(ctx: AuthContext, input: CreateAssessmentBody): Promise<AssessmentReply> {
      const organisationId = workingOrganisation(ctx, input.companyId);
      const id = input.id ?? newId();
      const create = () => db.transaction(async (tx) => {
        await assertDueDate(tx, organisationId, input.dueDate, clock.now());
        await assertReferences(tx, organisationId, input);
        storedOrRollBack(await assessmentsRepository.insert(tx, {
          id,
          organisationId,
          name: input.name,
          dueDate: input.dueDate,
          status: AssessmentStatus.NEW,
          creatorId: ctx.user.id,
        }));
        await assessmentsRepository.writeSections(tx, id, sectionWrites(input.sections));
        await assessmentsRepository.writeContractors(tx, id, input.contractors);
        await assessmentsRepository.appendTimeline(tx, {
          assessmentId: id,
          actorId: ctx.user.id,
          actorName: ctx.user.name,
          status: AssessmentStatus.NEW,
          action: 'created',
        });
        const created = await treeOf(tx, id);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId,
          action: 'assessment.create',
          entity: 'assessment',
          entityId: id,
          after: assessmentSnapshot(created),
        });
        await deps.notifier.notify(tx, { kind: 'assessment_shared', organisationId, assessmentId: id, contractorIds: created.contractors });
        return presentAssessment(created, INCLUDE_ALL);
      });
      // The caller's own (its creator, in one of its organisations), as it is now.
      const first = async () => {
        const stored = await assessmentsRepository.find(db, id);
        if (!stored || !ctx.organisationIds.includes(stored.organisationId)) return undefined;
        return { creatorId: stored.creatorId, reply: presentAssessment(await treeOf(db, id), INCLUDE_ALL) };
      };
      // Read first: a repeat is answered before its references are checked again.
      return (await createOnce(ctx.user.id, create, first, { readFirst: input.id !== undefined })).reply;
    },

    /**
     * Changes the fields sent; sections and contractors, when sent, replace the old lists. Refused
     * with 409 once any contractor has responded, and when `version` (the one the edit is based
     * on) is not the stored one: someone else saved in between (DECISIONS.md: versions).
     */
    async edit(
      ctx: AuthContext,
      assessmentId: string,
      updateData: EditAssessmentBody['updateData'],
      version?: number,
    ): Promise<AssessmentReply> {
      const found = await owned(ctx, assessmentId);
      const tree = await db.transaction(async (tx) => {
        const locked = await lockUnanswered(tx, assessmentId, m.cannotEdit, version);
        const before = await treeOf(tx, assessmentId);
        await assertDueDate(tx, locked.organisationId, updateData.dueDate, clock.now());
        await assertReferences(tx, locked.organisationId, updateData, before.contractors);
        await assessmentsRepository.update(tx, assessmentId, { name: updateData.name, dueDate: updateData.dueDate }, clock.now());
        if (updateData.sections) {
          await assessmentsRepository.deleteSections(tx, assessmentId);
          await assessmentsRepository.writeSections(tx, assessmentId, sectionWrites(updateData.sections));
        }
        if (updateData.contractors) {
          await assessmentsRepository.deleteContractors(tx, assessmentId);
          await assessmentsRepository.writeContractors(tx, assessmentId, updateData.contractors);
        }
        await assessmentsRepository.appendTimeline(tx, {
          assessmentId,
          actorId: ctx.user.id,
          actorName: ctx.user.name,
          status: locked.status,
          action: 'edited',
        });
        const after = await treeOf(tx, assessmentId);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: found.organisationId,
          action: 'assessment.edit',
          entity: 'assessment',
          entityId: assessmentId,
          before: assessmentSnapshot(before),
          after: assessmentSnapshot(after),
        });
        // Only the contractors it is newly shared with hear of it (issue 22).
        const added = after.contractors.filter((c) => !before.contractors.includes(c));
        await deps.notifier.notify(tx, { kind: 'assessment_shared', organisationId: found.organisationId, assessmentId, contractorIds: added });
        return after;
      });
      return presentAssessment(tree, INCLUDE_ALL);
    },

    /**
     * Deletes an assessment no contractor has started (409 otherwise), with its sections, sharing
     * and timeline; the mails and notifications it sent stay (their links then find nothing).
     */
    async remove(ctx: AuthContext, assessmentId: string): Promise<{ _id: string }> {
      const found = await owned(ctx, assessmentId);
      await db.transaction(async (tx) => {
        await lockUnanswered(tx, assessmentId, m.cannotDelete);
        const before = await treeOf(tx, assessmentId);
        await assessmentsRepository.remove(tx, assessmentId);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: found.organisationId,
          action: 'assessment.delete',
          entity: 'assessment',
          entityId: assessmentId,
          before: assessmentSnapshot(before),
        });
      });
      return { _id: assessmentId };
    },

    /** getAllAssessments: the caller's working organisation's, newest first, everything expanded. */
    async listOwn(ctx: AuthContext): Promise<AssessmentReply[]> {
      const organisationId = workingOrganisation(ctx);
      const trees = await assessmentsRepository.loadTrees(db, assessmentsRepository.ofOrganisations([organisationId]), {
        categories: true,
        questions: true,
      });
      return trees.map((t) => presentAssessment(t, INCLUDE_ALL));
    },

    /**
     * getAssessmentsByCompanyIds: each id one of the caller's organisations (else 404), newest
     * first; only those of one status when asked (an index serves it); without their sections
     * when asked (sections: false), for lists of names and dates.
     */
    async listByOrganisations(
      ctx: AuthContext,
      companyIds: readonly string[],
      include: Include,
      filter: { status?: AssessmentStatus | undefined; sections: boolean },
    ): Promise<AssessmentReply[]> {
      // An auditor lists its working organisation's assessments only (reading-scope.ts).
      const organisationIds = [...new Set(companyIds.map((id, i) => listedOrganisation(ctx, id, i)))];
      const trees = await assessmentsRepository.loadTrees(
        db,
        assessmentsRepository.ofOrganisations(organisationIds, filter.status),
        { categories: include.sections_category, questions: include.sections_questions_question },
        { sections: filter.sections },
      );
      return trees.map((t) => presentAssessment(t, include));
    },

    /** One page of listByOrganisations (newest first) and the count of all (the Assessments modal), as JSON text. */
    pageByOrganisationsJson: pageJson,

    async get(ctx: AuthContext, assessmentId: string, include: Include): Promise<AssessmentReply> {
      await owned(ctx, assessmentId);
      return presentAssessment(await treeOf(db, assessmentId), include);
    },
  };
}
export type AssessmentsService = ReturnType<typeof createAssessmentsService>;
