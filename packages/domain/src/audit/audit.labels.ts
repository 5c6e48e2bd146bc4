import { auditMessages } from './audit.messages';

/** The entity's label ("Response"), or the raw kind when the catalogue has none. */
export function entityLabel(entity: string): string {
  const labels: Record<string, string> = auditMessages.entities;
  return labels[entity] ?? entity;
}

/**
 * An action as people read it: `response.changeStatus` → "Response: change status",
 * `contractor.create` → "Contractor: create".
 */
export function actionLabel(action: string): string {
  const [kind = action, ...rest] = action.split('.');
  const verb = rest.join('.');
  const words = (s: string) => s.replace(/[_-]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const head = words(kind);
  const title = head.charAt(0).toUpperCase() + head.slice(1);
  return verb ? `${title}: ${words(verb)}` : title;
}
