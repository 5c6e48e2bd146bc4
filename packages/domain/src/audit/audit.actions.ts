/**
 * Every action the server writes to the activity log (audit_log.action), as `<kind>.<verb>`.
 * The server's append takes only these (a new action is a type error until it is listed here),
 * and each has its sentence (auditSentence; the unit test walks the list).
 */
export const AUDIT_ACTIONS = [
  // Accounts of the organisation (contractors; auditors are `tpi`) and employees
  'contractor.create',
  'contractor.edit',
  'contractor.disable',
  'contractor.enable',
  'contractor.unlink',
  'contractor.delete',
  'contractor.image',
  'tpi.create',
  'tpi.edit',
  'tpi.disable',
  'tpi.enable',
  'tpi.unlink',
  'tpi.delete',
  'tpi.image',
  'employee.create',
  'employee.edit',
  'employee.disable',
  'employee.enable',
  // One's own account
  'profile.update',
  'profile.image',
  'profile.preferences',
  'profile.language',
  'password.set',
  'password.reset',
  'password.change',
  'sessions.signOutOthers',
  // Two-factor codes and sessions (issue 59)
  'sessions.revoke',
  'twoFactor.enable',
  'twoFactor.disable',
  'twoFactor.reset',
  'organisation.security',
  // The organisation's time zone set (issue 60).
  'organisation.timeZone',
  // An organisation's export of all its data asked for (issue 61).
  'organisation.export',
  'notification.preference',
  'notification.unsubscribe',
  // Authoring
  'category.create',
  'category.edit',
  'question.create',
  'question.edit',
  'assessment.create',
  'assessment.edit',
  'assessment.delete',
  // Responses
  'response.create',
  'response.saveSection',
  'response.uploadAttachment',
  'response.deleteAttachment',
  'response.uploadAuditorAttachment',
  'response.deleteAuditorAttachment',
  'response.reviewSection',
  'response.changeStatus',
  'response.edit',
  'response.assignAuditor',
  'chat.sendMessage',
  // Observations, documents, feedback, learning
  'observation.create',
  'observation.rcaStatus',
  'document.create',
  'document.edit',
  'document.delete',
  'feedback.create',
  'feedback.delete',
  'learning.upload',
  'learning.uploadFile',
  'learning.addCategory',
  'notice.create',
  // Compliance documents (issue 57)
  'compliance.createRequirement',
  'compliance.updateRequirement',
  'compliance.retireRequirement',
  'compliance.upload',
  'compliance.accept',
  'compliance.reject',
  // Single sign-on (issue 59)
  'sso.configure',
  'sso.remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}
