import { describe, expect, it } from 'vitest';
import { UserType } from '../user-types';
import { chatLink, daysUntil, notificationKindsFor, reminderKind, responseLink } from './notification.rules';

describe('notification rules', () => {
  it('counts days between calendar days', () => {
    expect(daysUntil('2026-03-04', '2026-03-01')).toBe(3);
    expect(daysUntil('2026-03-01', '2026-03-01')).toBe(0);
    expect(daysUntil('2026-02-28', '2026-03-01')).toBe(-1);
  });

  it('owes due_soon from three days before to the day, overdue after', () => {
    expect(reminderKind('2026-03-05', '2026-03-01')).toBeNull();
    expect(reminderKind('2026-03-04', '2026-03-01')).toBe('due_soon');
    expect(reminderKind('2026-03-01', '2026-03-01')).toBe('due_soon');
    expect(reminderKind('2026-02-28', '2026-03-01')).toBe('overdue');
  });

  it('lists the kinds each user type hears of', () => {
    expect(notificationKindsFor(UserType.CONTRACTOR)).toContain('reassessment');
    expect(notificationKindsFor(UserType.CONTRACTOR)).toEqual(expect.arrayContaining(['compliance_reviewed', 'compliance_expiry']));
    expect(notificationKindsFor(UserType.ORGANISATION)).toEqual(['response_submitted', 'chat_unread', 'compliance_submitted', 'compliance_digest', 'export_ready']);
    expect(notificationKindsFor(UserType.AUDITOR)).toEqual(['response_submitted', 'chat_unread', 'compliance_submitted']);
    expect(notificationKindsFor(UserType.EMPLOYEE)).toEqual([]);
  });

  it('links each side to its own response screen', () => {
    expect(responseLink(UserType.CONTRACTOR, 'r1')).toBe('/atgl/Contractor/assessment/r1/categories');
    expect(responseLink(UserType.AUDITOR, 'r1')).toBe('/auditor/assessment/r1/categories');
    expect(responseLink(UserType.ORGANISATION, 'r1')).toBe('/sapphire/Cap_AssesmentView/r1');
  });

  it('links a chat digest to the question’s chat on each side’s checklist of its section', () => {
    const room = { responseId: 'r1', categoryId: 'cat 1', questionId: 'q/1' };
    expect(chatLink(UserType.CONTRACTOR, room)).toBe('/atgl/Contractor/assessment/r1/categories/cat%201?chat=q%2F1');
    expect(chatLink(UserType.AUDITOR, room)).toBe('/auditor/assessment/r1/Categories/cat%201?chat=q%2F1');
    expect(chatLink(UserType.ORGANISATION, room)).toBe('/sapphire/Cap_AssesmentView/r1/Categories/cat%201?chat=q%2F1');
  });
});
