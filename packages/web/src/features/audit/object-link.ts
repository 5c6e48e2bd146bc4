import type { AuditEntry } from '@palisade/domain/audit/audit.schema';
import { SHELL_PREFIX } from '@palisade/domain/user-types';

const base = SHELL_PREFIX.sapphire;
const withId = (path: string, id: string) => `${base}/${path}?id=${encodeURIComponent(id)}`;

/**
 * Where the organisation opens the object a log row names, or null when it has no page of its
 * own (a question, a chat message) or the row does not say which kind of account it was.
 */
export function objectLink(row: Pick<AuditEntry, 'entity' | 'entityId' | 'action'>): string | null {
  const id = row.entityId;
  switch (row.entity) {
    case 'response':
      return `${base}/Cap_AssesmentView/${encodeURIComponent(id)}`;
    case 'assessment':
      return row.action.endsWith('.delete') ? null : `${base}/editAssessment/${encodeURIComponent(id)}`;
    case 'observation':
      return `${base}/OnlyViewObservation?id=${encodeURIComponent(id)}`;
    case 'user':
      if (row.action.startsWith('contractor.') && !row.action.endsWith('.delete')) return withId('ViewCompany', id);
      if (row.action.startsWith('tpi.') && !row.action.endsWith('.delete')) return withId('ViewAuditor', id);
      return null;
    case 'feedback':
      return row.action.endsWith('.delete') ? null : `${base}/feedback`;
    case 'policy_document':
      return row.action.endsWith('.delete') ? null : `${base}/Dashboard`;
    case 'learning_document':
    case 'learning_category':
      return `${base}/learning`;
    case 'assess_category':
    case 'question':
      return `${base}/Assessment`;
    default:
      return null;
  }
}
