import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@palisade/domain/messages';
import { STARTER_LIBRARY, questionCountOf } from '@palisade/domain/templates/starter-library';
import type { StarterSetsReply } from '@palisade/domain/templates/templates.schema';
import { SignedInProfileContext } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { StarterLibraryPage } from '../pages/starter-library-page';

afterEach(() => vi.unstubAllGlobals());

const m = messages.templates;
const organisation = makeProfile({ type: 2, _id: 'org1', cmp_id: 'org1', name: 'Dana Admin' });

function As({ children }: { children: ReactNode }) {
  return <SignedInProfileContext.Provider value={organisation}>{children}</SignedInProfileContext.Provider>;
}

/** The library as the server lists it, with the ids in `added` held by the bank. */
function library(added: readonly string[]): StarterSetsReply {
  return STARTER_LIBRARY.map((s) => {
    const inBank = added.includes(s.id);
    return {
      _id: s.id,
      name: s.name,
      description: s.description,
      categories: s.categories.map((c) => ({
        name: c.name,
        inBank,
        questions: c.questions.map((q) => ({ questText: q.questText, answerType: q.answerType, options: [...q.options], inBank })),
      })),
      questionCount: questionCountOf(s),
      questionsInBank: inBank ? questionCountOf(s) : 0,
      added: inBank,
    };
  });
}

describe('Starter library', () => {
  it('lists the sets, previews one with its answer types, and adds it with one click', async () => {
    const added: string[] = [];
    const sent: unknown[] = [];
    mockFetch({
      '/api/templates/getStarterSets': () => ({ data: library(added) }),
      '/api/templates/addStarterSet': (body) => {
        sent.push(body);
        added.push('fire-safety');
        return { data: { setId: 'fire-safety', categoriesAdded: 3, categoriesKept: 0, questionsAdded: 12, questionsKept: 0 } };
      },
    });
    renderRoutes([{ path: '/sapphire/templates', element: <As><StarterLibraryPage /></As> }], '/sapphire/templates');
    const sets = await screen.findAllByTestId('starter-set');
    expect(sets).toHaveLength(3);
    const fire = sets[2];
    if (!fire) throw new Error('no fire safety set');
    expect(within(fire).getByRole('heading', { name: 'Fire safety' })).toBeTruthy();
    expect(within(fire).getByText(m.inBank(0, 12))).toBeTruthy();

    await userEvent.click(within(fire).getByRole('button', { name: m.preview }));
    const preview = await within(fire).findByRole('region', { name: m.previewOf('Fire safety') });
    expect(within(preview).getByText(/How many fire drills did you hold/)).toBeTruthy();
    expect(within(preview).getAllByText(new RegExp(m.answerTypes.numeric)).length).toBeGreaterThan(0);

    await userEvent.click(within(fire).getByRole('button', { name: m.addToBankLabel('Fire safety') }));
    await waitFor(() => expect(sent).toEqual([{ companyId: 'org1', setId: 'fire-safety' }]));
    expect(await screen.findByText(m.setAdded('Fire safety', 3, 12))).toBeTruthy();
    // Read again: the set is in the bank, and its button says so.
    const done = await within(fire).findByRole('button', { name: m.added });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(within(fire).getByText(m.inBank(12, 12))).toBeTruthy();
  });
});
