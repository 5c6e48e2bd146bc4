import type { AuditEntry } from '@palisade/domain/audit/audit.schema';

/** A line of the activity log: contractor c1 submitting response r{i}. */
export const auditRow = (i: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: i,
  at: '2026-11-03T10:00:00.000Z',
  actorId: 'c1',
  actorName: 'North Sea Scaffolding',
  actorType: 3,
  action: 'response.changeStatus',
  entity: 'response',
  entityId: `r${i}`,
  before: { status: 'PENDING' },
  after: { status: 'SUBMITTED' },
  ...over,
});
