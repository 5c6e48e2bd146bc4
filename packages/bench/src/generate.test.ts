import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@palisade/domain/user-types';
import type { Database } from '@palisade/server/db/client';
import {
  assessCategories,
  assessments,
  assessmentSectionQuestions,
  assessmentSections,
  questions,
  responses,
  responseSections,
  users,
} from '@palisade/server/db/schema';
import { newId } from '@palisade/server/lib/ids';
import { createSeededTestDatabase } from '@palisade/server/test/test-app';
import { responsesRepository } from '@palisade/server/modules/responses/responses.repository';
import { benchAdmin, benchContext, generatorSteps, insertJsonBatched } from './generate';

// One database, seeded with the demo data, for both parts: each reads only the rows it made.
let database: Database;
let dropDatabase: (() => Promise<void>) | null = null;
beforeAll(async () => {
  ({ database, dropDatabase } = await createSeededTestDatabase());
});
afterAll(async () => {
  await database.close();
  await dropDatabase?.();
});

describe('insertJsonBatched (the bench generator)', () => {
  it('stores the rows as a drizzle insert would: dates, nulls, JSON, and defaults for the columns left out', async () => {
    const { db } = database;
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    if (!admin?.organisationId) throw new Error('no demo admin');
    const organisationId = admin.organisationId;
    const contractors = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.type, UserType.CONTRACTOR))
      .limit(2);
    const [category] = await db.select().from(assessCategories).limit(1);
    const bank = await db.select().from(questions).limit(2);
    if (contractors.length < 2 || !category || bank.length < 2)
      throw new Error('demo data missing');

    const assessmentId = newId();
    const at = new Date('2026-03-04T05:06:07.089Z');
    await db
      .insert(assessments)
      .values({
        id: assessmentId,
        organisationId,
        name: 'JSON insert',
        dueDate: '2026-04-01',
        creatorId: admin.id,
        createdAt: at,
        updatedAt: at,
        lastAccessTime: at,
      });
    const sectionId = newId();
    await db
      .insert(assessmentSections)
      .values({
        id: sectionId,
        assessmentId,
        position: 0,
        categoryId: category.id,
        totalMarks: 10,
      });

    // JSON columns as they are (an array, an empty one); the column with a default left out nowhere.
    const items = bank.map((q, i) => ({
      id: newId(),
      sectionId,
      position: i,
      questionId: q.id,
      answerType: i === 0 ? ('multiChoice' as const) : ('yesNo' as const),
      options: i === 0 ? ['Yes', 'Partly', 'No'] : [],
    }));
    await insertJsonBatched(db, assessmentSectionQuestions, items, true);
    const storedItems = await db
      .select()
      .from(assessmentSectionQuestions)
      .where(eq(assessmentSectionQuestions.sectionId, sectionId));
    expect(storedItems.sort((a, b) => a.position - b.position)).toEqual(items);

    // Dates, a date as text, a null, a boolean; the count columns left out take their defaults.
    const rows = contractors.map((c, i) => ({
      id: newId(),
      assessmentId,
      contractorId: c.id,
      organisationId,
      contractorName: c.name,
      status: i === 0 ? ('COMPLETED' as const) : ('PENDING' as const),
      isDueDateExtended: i === 1,
      newDueDate: i === 1 ? '2026-12-31' : null,
      createdAt: new Date(at.getTime() + i),
      updatedAt: at,
      lastAccessTime: new Date(at.getTime() + 1000 * i),
      completedAt: i === 0 ? new Date('2025-01-02T03:04:05.678Z') : null,
    }));
    await insertJsonBatched(db, responses, rows);
    const stored = await db
      .select()
      .from(responses)
      .where(
        inArray(
          responses.id,
          rows.map((r) => r.id),
        ),
      );
    for (const row of rows) {
      const got = stored.find((s) => s.id === row.id);
      expect(got).toMatchObject(row);
      expect(got).toMatchObject({
        totalSections: 0,
        answeredQuestions: 0,
        scoredMarks: 0,
        assignedAuditorId: null,
      });
    }
  });

  it('refuses rows that set a column only some of the time (a left-out value would be null, not the default)', async () => {
    const rows = [
      { assessmentId: newId(), contractorId: newId(), options: ['a'] },
      { assessmentId: newId(), contractorId: newId() },
    ];
    await expect(
      insertJsonBatched(
        database.db,
        assessmentSectionQuestions,
        rows.map((r, i) => ({
          id: newId(),
          sectionId: r.assessmentId,
          position: i,
          questionId: r.contractorId,
          answerType: 'yesNo' as const,
          ...('options' in r ? { options: r.options } : {}),
        })),
      ),
    ).rejects.toThrow(/options is set by some rows and not by others/);
  });
});

describe('the responses step (the bench generator)', () => {
  it('stores the count columns the repository would count from the answers', async () => {
    const db = database.db;
    const ctx = benchContext(db, await benchAdmin(db), { size: 8, responses: 80, passwordHash: 'not a hash' });
    for (const step of generatorSteps.slice(
      0,
      generatorSteps.findIndex((s) => s.name === 'responses') + 1,
    ))
      await step.run(ctx);
    const generated = inArray(responses.contractorId, ctx.contractorIds);
    const counts = async () => ({
      responses: await db
        .select({
          id: responses.id,
          status: responses.status,
          answered: responses.answeredQuestions,
          judged: responses.judgedQuestions,
          rejected: responses.rejectedQuestions,
          accepted: responses.acceptedQuestions,
          complete: responses.completeSections,
          questions: responses.totalQuestions,
          scored: responses.scoredMarks,
        })
        .from(responses)
        .where(generated)
        .orderBy(responses.id),
      sections: await db
        .select({
          id: responseSections.id,
          n: responseSections.questionCount,
          answered: responseSections.answeredCount,
          judged: responseSections.judgedCount,
          rejected: responseSections.rejectedCount,
          accepted: responseSections.acceptedCount,
        })
        .from(responseSections)
        .where(
          inArray(
            responseSections.responseId,
            db.select({ id: responses.id }).from(responses).where(generated),
          ),
        )
        .orderBy(responseSections.id),
    });
    const stored = await counts();
    expect(stored.responses).toHaveLength(80);
    expect(stored.sections).toHaveLength(400);
    // Every status, and each kind of count, is there to compare.
    expect(new Set(stored.responses.map((r) => r.status))).toEqual(
      new Set(['PENDING', 'SUBMITTED', 'REASSESSMENT', 'COMPLETED']),
    );
    for (const key of ['answered', 'judged', 'rejected', 'accepted', 'scored'] as const)
      expect(
        stored.responses.some((r) => (r[key] ?? 0) > 0),
        key,
      ).toBe(true);
    expect(stored.responses.some((r) => r.answered < r.questions)).toBe(true);
    await db.transaction(async (tx) => responsesRepository.recount(tx, generated));
    expect(await counts()).toEqual(stored);
  });
});
