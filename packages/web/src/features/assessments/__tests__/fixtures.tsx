import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import dayjs from 'dayjs';
import type {
  AssessmentFormInput,
  AssessmentReply,
} from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import {
  getQuestionsSchema,
  questionsPageOf,
  type Question,
  type QuestionsPage,
} from '@palisade/domain/assessments/question.schema';
import type { MockReply } from '../../../test/mock-fetch';
import { meQueryKey } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { contractorSearchHandlers, makeContractor } from '../../../test/contractor-search';
import type { ResponseSummary } from '../api/assessment-types';

export const ORG = 'org1';

export const categories: Category[] = [
  { _id: 'cat1', name: 'Safety Management', companyId: ORG, createdAt: '2026-01-01T00:00:00Z' },
  { _id: 'cat2', name: 'PPE', companyId: ORG, createdAt: '2026-01-02T00:00:00Z' },
];

export const bank: Question[] = [
  'Is there a named person responsible for health and safety on site?',
  'Are risk assessments prepared before work starts?',
  'Which PPE items are mandatory on your sites?',
].map((questText, i) => ({
  _id: `q${i + 1}`,
  questText,
  companyId: ORG,
  createdAt: `2026-01-0${i + 1}T00:00:00Z`,
}));

export const contractors = [
  makeContractor({
    _id: 'c1',
    name: 'North Sea Scaffolding',
    contactPersonName: 'Callum Reid',
    emailid: 'c1@demo.test',
    location: 'Aberdeen',
  }),
  makeContractor({
    _id: 'c2',
    name: 'Harbour Electrical Services',
    contactPersonName: 'Priya Nair',
    emailid: 'c2@demo.test',
    location: 'Dundee',
  }),
];

/**
 * getQuestionsByCompanyId as the server answers it over `questions`: the whole bank without paging
 * fields; with them, the page (searched, sorted, numbered by place in the bank) and the count.
 * Each body asked is pushed to `asked`.
 */
export function bankHandler(questions: readonly Question[] = bank, asked: unknown[] = []) {
  return (body: unknown): MockReply => {
    asked.push(body);
    const query = questionsPageOf(getQuestionsSchema.parse(body));
    if (query === null) return { data: questions };
    const needle = query.search.toLowerCase();
    const sign = query.direction === 'asc' ? 1 : -1;
    const rows = questions
      .map((q, i) => ({ ...q, srNo: i + 1 }))
      .filter((q) => q.questText.toLowerCase().includes(needle))
      .sort((a, b) =>
        query.sort === 'srNo'
          ? sign * (a.srNo - b.srNo)
          : sign * a.questText.toLowerCase().localeCompare(b.questText.toLowerCase()),
      );
    const start = (query.page - 1) * query.pageSize;
    const page: QuestionsPage = { data: rows.slice(start, start + query.pageSize), total: rows.length };
    return { data: page };
  };
}

/** The calls the form makes on opening: the organisation's categories, questions, companies. */
export const catalogueHandlers = {
  '/api/assessment/categories/getAssessCategoriesByCompanyId': { data: categories },
  '/api/assessment/questions/getQuestionsByCompanyId': bankHandler(),
  ...contractorSearchHandlers(contractors),
  // The edit page's Recurrence card (issue 58): the assessment does not recur.
  '/api/recurrence/getRecurrence': { data: null },
};

/** A day `n` days from today, YYYY-MM-DD. */
export function inDays(n: number): string {
  return dayjs().add(n, 'day').format('YYYY-MM-DD');
}

/** A valid assessment with `sections` sections (category i, question i, shortAnswer). */
export function validValues(overrides: Partial<AssessmentFormInput> = {}): AssessmentFormInput {
  return {
    name: 'Annual HSE Review',
    dueDate: inDays(30),
    contractors: ['c1'],
    sections: [
      {
        category: 'cat1',
        totalMarks: 10,
        factors: { environment: true, social: false, governance: false, others: false },
        questions: [{ question: 'q1', questType: { answerType: 'shortAnswer', options: [] } }],
      },
    ],
    ...overrides,
  };
}

/** An assessment as getAssessmentById answers it (one PPE section, a multiple choice question). */
export function assessmentReply(
  status: 'NEW' | 'PENDING',
  changes: Partial<AssessmentReply> = {},
): AssessmentReply {
  return {
    _id: 'a1',
    name: 'Annual HSE Review',
    dueDate: inDays(20),
    status,
    version: 3,
    contractors: ['c1'],
    creator: { id: 'u1', userType: 2, name: 'Dana Admin' },
    companyId: ORG,
    companyName: 'Demo Gas Ltd',
    sections: [
      {
        _id: 's1',
        category: { id: 'cat2', name: 'PPE' },
        totalMarks: 20,
        factors: { environment: false, social: true, governance: false, others: false },
        questions: [
          {
            _id: 'sq1',
            question: { _id: 'q3', questText: 'Which PPE items are mandatory on your sites?' },
            questType: {
              answerType: 'multiChoice',
              options: ['Helmet', 'Boots'],
              yesNo: false,
              text: false,
              attachment: true,
            },
          },
        ],
      },
    ],
    timeline: [],
    lastAccessTime: '2026-03-01T10:00:00Z',
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    ...changes,
  };
}

export function makeResponse(overrides: Partial<ResponseSummary> = {}): ResponseSummary {
  return {
    _id: 'r1',
    status: 'SUBMITTED',
    assessment: { _id: 'a1', name: 'Annual HSE Review', dueDate: inDays(30) },
    contractorId: 'c1',
    contractorName: 'North Sea Scaffolding',
    companyId: ORG,
    lastAccessTime: '2026-03-01T10:00:00Z',
    progress: 50,
    scored: 12,
    total: 40,
    ...overrides,
  };
}

/** Puts the organisation admin in the session before its children render, as the shell does. */
function SignedIn({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useState(() =>
    queryClient.setQueryData(meQueryKey, makeProfile({ type: 2, cmp_id: ORG, companyId: ORG })),
  );
  return children;
}

/**
 * Renders `element` at `path` inside the app's providers, signed in as the organisation admin,
 * with the date pickers' localization (the authoring screens bring their own).
 */
export function renderSignedIn(element: ReactNode, path = '/', initialPath = path) {
  return renderRoutes(
    [
      {
        path,
        element: (
          <SignedIn>
            <LocalizationProvider dateAdapter={AdapterDayjs}>{element}</LocalizationProvider>
          </SignedIn>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    initialPath,
  );
}
