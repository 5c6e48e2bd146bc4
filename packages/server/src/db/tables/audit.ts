import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only: who changed what, when, before → after. A trigger (migration 0014) raises on any
 * UPDATE or DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    actorId: text('actor_id'),
    organisationId: text('organisation_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_organisation_at_idx').on(t.organisationId, t.at.desc(), t.id.desc()),
    index('audit_log_organisation_actor_at_idx').on(t.organisationId, t.actorId, t.at.desc()),
  ],
);
