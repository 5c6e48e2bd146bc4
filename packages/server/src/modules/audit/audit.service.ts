import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEntry,
  type AuditFilter,
  type AuditListQuery,
  type AuditListReply,
} from '@palisade/domain/audit/audit.schema';
import { auditCsv, auditCsvFileName } from '@palisade/domain/audit/audit.rules';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository, type AuditRow } from './audit.repository';

export interface AuditDeps {
  db: Db;
  clock: Clock;
}

/** A row of the log as the calls reply. */
export function presentAuditRow(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    actorType: row.actorType,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

const roleOf = (type: number): string => {
  const roles: Record<number, string> = messages.roles;
  return roles[type] ?? String(type);
};

/**
 * The activity log (#23): an organisation's admins read and export their organisation's rows,
 * and only theirs: the organisation is the session's working one, never one the body names.
 */
export function createAuditService(deps: AuditDeps) {
  const { db, clock } = deps;

  function organisationOf(ctx: AuthContext): string {
    if (!ctx.organisationId) throw new AppError('FORBIDDEN');
    return ctx.organisationId;
  }

  return {
    /** One page of the log, newest first, with everyone who appears in it (the person filter). */
    async list(ctx: AuthContext, query: AuditListQuery): Promise<AuditListReply> {
      const organisationId = organisationOf(ctx);
      const { page, pageSize, ...filter } = query;
      const { rows, total } = await auditRepository.page(db, organisationId, filter, page, pageSize);
      const actors = await auditRepository.actors(db, organisationId);
      return { rows: rows.map(presentAuditRow), total, actors };
    },

    /** The filtered rows as CSV (the newest AUDIT_EXPORT_MAX_ROWS of them). */
    async exportCsv(ctx: AuthContext, filter: AuditFilter): Promise<{ fileName: string; bytes: Buffer }> {
      const organisationId = organisationOf(ctx);
      const rows = await auditRepository.newest(db, organisationId, filter, AUDIT_EXPORT_MAX_ROWS);
      const csv = auditCsv(rows.map(presentAuditRow), roleOf);
      return { fileName: auditCsvFileName(clock.now().toISOString().slice(0, 10)), bytes: Buffer.from(csv, 'utf8') };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
