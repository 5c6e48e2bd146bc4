import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorId: string | null;
  organisationId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Appends to the audit log, inside the caller's transaction. */
export const auditRepository = {
  async append(db: DbOrTx, entry: AuditEntry): Promise<void> {
    await db.insert(auditLog).values({
      actorId: entry.actorId,
      organisationId: entry.organisationId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  },
};
