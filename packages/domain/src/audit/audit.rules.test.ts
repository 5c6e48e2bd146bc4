import { describe, expect, it } from 'vitest';
import { actionLabel, auditCsv, entityLabel } from './audit.rules';
import type { AuditEntry } from './audit.schema';

const row = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  at: '2026-01-02T03:04:05.000Z',
  actorId: 'u1',
  actorName: 'Dana Admin',
  actorType: 2,
  action: 'response.changeStatus',
  entity: 'response',
  entityId: 'r1',
  before: { status: 'SUBMITTED' },
  after: { status: 'COMPLETED' },
  ...over,
});

describe('audit rules', () => {
  it('names actions and kinds as people read them', () => {
    expect(actionLabel('response.changeStatus')).toBe('Response: change status');
    expect(actionLabel('contractor.create')).toBe('Contractor: create');
    expect(actionLabel('created')).toBe('Created');
    expect(entityLabel('policy_document')).toBe('Policy document');
    expect(entityLabel('something_new')).toBe('something_new');
  });

  it('writes RFC 4180 CSV with a BOM, quoting and formula cells neutralised', () => {
    const csv = auditCsv([row(), row({ actorName: '=HYPERLINK("x")', actorId: 'u2', before: null, after: { note: 'a, "b"' } }), row({ actorId: null, actorName: null, actorType: null })], (t) => (t === 2 ? 'Organisation' : '?'));
    expect(csv.startsWith('\uFEFFWhen,Who,Role,Action,Kind,Object id,Before,After,Summary\r\n')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe('2026-01-02T03:04:05.000Z,Dana Admin,Organisation,Response: change status,Response,r1,"{""status"":""SUBMITTED""}","{""status"":""COMPLETED""}",Completed the response');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[3]).toContain(',System,,');
  });
});
