import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { ObservationStatus } from '../statuses';
import { dayEnd, dayStart, descriptionOf, isObservationOpen, mayTakeObservationAction, observationFieldLabel, statusAfterAction, yearBounds } from './observation.rules';
import { rcaCommentFormSchema, rcaFormSchema, rcaStatusSchema, reportTableSchema } from './observation.schema';

describe('observation rules', () => {
  it('turns an action into its status (action + 1); acts on Submitted only; only Marked as Duplicate closes comments', () => {
    expect(statusAfterAction(1)).toBe(ObservationStatus.ACCEPTED);
    expect(statusAfterAction(2)).toBe(ObservationStatus.REJECTED);
    expect(statusAfterAction(3)).toBe(ObservationStatus.DUPLICATE);
    expect([1, 2, 3].every(isObservationOpen)).toBe(true);
    expect([0, 4, 5].some(isObservationOpen)).toBe(false);
    expect(mayTakeObservationAction(1)).toBe(true);
    expect([2, 3, 4].some(mayTakeObservationAction)).toBe(false);
  });

  it('labels FullName as Full Name and finds the description', () => {
    expect(observationFieldLabel('FullName')).toBe('Full Name');
    expect(observationFieldLabel('siteArea')).toBe('site Area');
    expect(observationFieldLabel('Location')).toBe('Location');
    expect(descriptionOf([{ label: 'Description', value: ' Spill ' }])).toBe('Spill');
    expect(descriptionOf([{ label: 'Location', value: 'Yard' }])).toBe('');
  });

  it('reads days and years on the client clock', () => {
    expect(dayStart('2025-03-01', 330).toISOString()).toBe('2025-02-28T18:30:00.000Z');
    expect(dayEnd('2025-03-01', 0).toISOString()).toBe('2025-03-02T00:00:00.000Z');
    expect(yearBounds(2025, -60).start.toISOString()).toBe('2025-01-01T01:00:00.000Z');
  });

  it('wants an action or a comment, and an end not before the start', () => {
    expect(rcaStatusSchema.safeParse({ _id: 'a' }).error?.issues[0]?.message).toBe(messages.observation.actionOrComment);
    expect(rcaStatusSchema.safeParse({ _id: 'a', action: 0 }).success).toBe(false);
    expect(rcaStatusSchema.safeParse({ _id: 'a', rootCauseAnalysis: 'why' }).success).toBe(true);
    // The form's texts name no field of the call (issue 56).
    expect(rcaFormSchema.safeParse({ action: 0, comment: ' ' }).error?.issues[0]?.message).toBe('Choose an action or write a comment');
    expect(rcaFormSchema.safeParse({ action: 1, comment: '' }).success).toBe(true);
    expect(rcaCommentFormSchema.safeParse({ action: 1, comment: ' ' }).error?.issues[0]).toMatchObject({ message: 'Write a comment', path: ['comment'] });
    expect(rcaCommentFormSchema.safeParse({ action: 1, comment: 'Barrier fitted' }).success).toBe(true);
    const bad = reportTableSchema.safeParse({ start_date: '2025-03-02', end_date: '2025-03-01', company_id: 'o' });
    expect(bad.error?.issues[0]?.path).toEqual(['end_date']);
    expect(reportTableSchema.parse({ start_date: '2025-03-01', end_date: '2025-03-01', company_id: 'o' })).toMatchObject({ page: 0, limit: 5, utcOffset: 0 });
  });
});
