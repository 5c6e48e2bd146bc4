import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderPage } from '../../test/render';
import { ResponseCard, type ResponseCardModel } from '../response-card';

const base: ResponseCardModel = {
  _id: 'r1',
  status: 'COMPLETED',
  assessment: { name: 'Environmental Compliance Review' },
  contractorName: 'North Sea Scaffolding',
  lastAccessTime: '2026-01-10T09:00:00.000Z',
  progress: 100,
  scored: 18,
  total: 60,
};

function card(model: Partial<ResponseCardModel>, viewerId?: string) {
  renderPage(<ResponseCard response={{ ...base, ...model }} to="/x" viewerId={viewerId} />);
  return screen.getByRole('article', { name: base.assessment.name });
}

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

describe('ResponseCard (issue 19)', () => {
  it('colours the stripe by the score’s band, not by the status, and names the band', () => {
    const red = card({});
    expect(red.getAttribute('data-band')).toBe('RED');
    expect(getComputedStyle(red).borderLeftColor).toBe('rgb(211, 47, 47)');
    expect(screen.getByText('18/60 · 30% Red')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
  });

  it('shows no band before any score', () => {
    const none = card({ status: 'SUBMITTED', scored: 0 });
    expect(none.getAttribute('data-band')).toBe('NONE');
    expect(screen.getByText('Not scored yet')).toBeTruthy();
  });

  it('shows no partial score of a resubmitted response until the auditor completes it (issue 56)', () => {
    const resubmitted = card({ status: 'SUBMITTED', scored: 18 });
    expect(resubmitted.getAttribute('data-band')).toBe('NONE');
    expect(screen.getByText('Not scored yet')).toBeTruthy();
    expect(screen.queryByText(/18\/60|Red/)).toBeNull();
  });

  it('marks an overdue response (due date passed, not SUBMITTED or COMPLETED)', () => {
    card({ status: 'PENDING', scored: 0, effectiveDueDate: day(-2) });
    expect(screen.getByText(/^Overdue since /)).toBeTruthy();
  });

  it('does not mark a SUBMITTED response or one still in time', () => {
    card({ status: 'SUBMITTED', scored: 0, effectiveDueDate: day(-2) });
    expect(screen.queryByText(/^Overdue/)).toBeNull();
  });

  it('says "Assigned to you" to the assigned auditor, the name to anyone else', () => {
    card({ assignedAuditor: { _id: 'a1', name: 'Safeguard Inspections' } }, 'a1');
    expect(screen.getByText('Assigned to you')).toBeTruthy();
  });

  it('names the assigned auditor to the organisation', () => {
    card({ status: 'REASSESSMENT', scored: 0, effectiveDueDate: day(3), assignedAuditor: { _id: 'a1', name: 'Safeguard Inspections' } });
    expect(screen.getByText('Assigned to Safeguard Inspections')).toBeTruthy();
    expect(screen.queryByText(/^Overdue/)).toBeNull();
  });
});
