import type { ReactNode } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type {
  ContractorAssessmentReply,
  ResponseQuestionReply,
  ResponseReply,
  ResponseSectionReply,
} from '@palisade/domain/responses/response.schema';
import type { ResponseRoundReply } from '@palisade/domain/recurrence/recurrence.schema';
import { AnswerStatus, AnswerType, AssessStatus } from '@palisade/domain/statuses';
import { makeProfile } from '../../../test/fixtures';
import { mockFetch, type MockHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { useMe } from '../../../lib/session';

export const PROFILE = makeProfile({ _id: 'c1', user: 'c1', name: 'North Sea Scaffolding' });

/** Renders its children once the signed-in profile is there, as the shell's guard does. */
function SignedIn({ children }: { children: ReactNode }) {
  const { data } = useMe();
  return data ? children : null;
}

/**
 * Renders a contractor page at `path` (a route pattern) opened at `url`, signed in as PROFILE;
 * every other path shows "elsewhere: {path}" so that navigation can be asserted.
 */
export function renderContractorPage(
  element: ReactNode,
  path: string,
  url: string,
  handlers: Record<string, MockHandler>,
) {
  const fetchMock = mockFetch({
    '/api/auth/me': { data: PROFILE },
    // Issue 58: the pages ask for the response's round and the assessment's recurrence; by default
    // an ordinary (non-recurring) one. A test of rounds passes its own.
    '/api/recurrence/getResponseRound': (body) => ({ data: noRound((body as { responseId: string }).responseId) }),
    '/api/recurrence/getRecurrence': { data: null },
    ...handlers,
  });
  const routes: RouteObject[] = [
    { path, element: <SignedIn>{element}</SignedIn> },
    { path: '*', element: <Elsewhere /> },
  ];
  return { fetchMock, ...renderRoutes(routes, url) };
}

/** The round of a response of an assessment that does not recur. */
export function noRound(responseId: string): ResponseRoundReply {
  return {
    responseId,
    assessmentId: 'a1',
    roundNumber: 1,
    roundLabel: null,
    startsOn: null,
    dueDate: null,
    previousResponseId: null,
    previousRoundLabel: null,
    canCarryOver: false,
    carried: [],
    unconfirmed: 0,
    changedSinceLast: [],
  };
}

function Elsewhere() {
  const { pathname } = useLocation();
  return <p>{`elsewhere: ${pathname}`}</p>;
}

export function makeFile(name: string, overrides: Partial<FileRecord> = {}): FileRecord {
  return {
    fileName: name,
    filePath: `assessment/r1/s1/AbCdE_${name}`,
    fileLink: `/api/files/f-${name}/${name}`,
    fileSize: 2048,
    fileType: 'application/pdf',
    ...overrides,
  };
}

/** A response question; `answered` fills an answer of its type. */
export function makeQuestion(
  id: string,
  answerType: AnswerType,
  overrides: Partial<ResponseQuestionReply> & { options?: string[]; answered?: boolean } = {},
): ResponseQuestionReply {
  const { options = [], answered = false, ...rest } = overrides;
  const answer: ResponseQuestionReply['answer'] = {
    yesNo: null,
    text: null,
    value: null,
    attachment: [],
  };
  if (answered) {
    switch (answerType) {
      case AnswerType.SHORT_ANSWER:
      case AnswerType.LONG_ANSWER:
        answer.text = 'Saved text';
        break;
      case AnswerType.NUMERIC:
        answer.value = 3;
        break;
      case AnswerType.YES_NO:
        answer.yesNo = 'YES';
        break;
      case AnswerType.MULTI_CHOICE:
        answer.value = options[0] ?? null;
        break;
      case AnswerType.CHECKBOX:
        answer.value = options.length > 0 ? [options[0] ?? ''] : true;
        break;
    }
  }
  return {
    _id: id,
    question: { _id: `bank-${id}`, questText: `Question ${id} (${answerType})?` },
    questType: {
      answerType,
      options,
      yesNo: answerType === AnswerType.YES_NO,
      text: [AnswerType.SHORT_ANSWER, AnswerType.LONG_ANSWER, AnswerType.NUMERIC].includes(
        answerType as never,
      ),
      attachment: true,
    },
    answerStatus: answered ? AnswerStatus.ANSWERED : AnswerStatus.UNANSWERED,
    assessStatus: AssessStatus.NONE,
    answer,
    remarks: null,
    version: 1,
    reopenedVersion: null,
    history: [],
    auditorAttachments: [],
    ...rest,
  };
}

export function makeSection(
  id: string,
  name: string,
  questions: ResponseQuestionReply[],
  overrides: Partial<ResponseSectionReply> = {},
): ResponseSectionReply {
  const answered = questions.filter((q) => q.answerStatus === AnswerStatus.ANSWERED).length;
  return {
    _id: id,
    category: { _id: `cat-${id}`, name },
    categoryId: `cat-${id}`,
    totalMarks: 10,
    scoredMarks: null,
    factors: { environment: false, social: true, governance: false, others: false },
    progress: questions.length === 0 ? 0 : Math.round((answered / questions.length) * 10000) / 100,
    judgedProgress: 0,
    complete: answered === questions.length,
    hasRejected: questions.some((q) => q.assessStatus === AssessStatus.REJECTED),
    questions,
    ...overrides,
  };
}

export function makeResponse(overrides: Partial<ResponseReply> = {}): ResponseReply {
  const sections = overrides.sections ?? [];
  const questions = sections.flatMap((s) => s.questions);
  const complete = sections.filter((s) => s.complete).length;
  return {
    _id: 'r1',
    status: 'PENDING',
    assessment: { _id: 'a1', name: 'Annual HSE Pre-qualification', dueDate: '2099-12-31' },
    assessmentId: 'a1',
    contractorId: 'c1',
    contractorName: 'North Sea Scaffolding',
    companyId: 'org1',
    lastAccessTime: '2026-03-02T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    isDueDateExtended: false,
    newDueDate: null,
    effectiveDueDate: '2099-12-31',
    progress: sections.length === 0 ? 0 : Math.round((complete / sections.length) * 10000) / 100,
    scored: 0,
    total: 60,
    counts: {
      totalQuestions: questions.length,
      answered: questions.filter((q) => q.answerStatus === AnswerStatus.ANSWERED).length,
      judged: 0,
      rejected: 0,
      accepted: 0,
      totalSections: sections.length,
      completeSections: complete,
    },
    timeline: [],
    ...overrides,
  };
}

export function makeAssessment(
  overrides: Partial<ContractorAssessmentReply> = {},
): ContractorAssessmentReply {
  return {
    _id: 'a1',
    name: 'Annual HSE Pre-qualification',
    dueDate: '2099-12-31',
    status: 'PENDING',
    version: 1,
    contractors: ['c1'],
    creator: { id: 'o1', userType: 2, name: 'Olive Org' },
    companyId: 'org1',
    companyName: 'Acme Energy',
    sections: [],
    timeline: [],
    lastAccessTime: '2026-03-01T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    responseId: null,
    responseStatus: null,
    responseDueDate: null,
    ...overrides,
  };
}

/** Makes useMediaQuery see a wide screen (jsdom has no matchMedia: phones by default). */
export function wideScreen(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

export function narrowScreen(): void {
  Reflect.deleteProperty(window, 'matchMedia');
}
