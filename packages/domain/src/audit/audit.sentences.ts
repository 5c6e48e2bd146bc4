import { isLanguage, LANGUAGE_NAMES } from '../i18n/catalogue';
import { dayText } from '../messages-core';
import { responseNameMessages } from '../messages/response-names';
import { observationMessages } from '../messages/observation';
import { fileNameOfPath, sizeText } from '../files/file.rules';
import { DOC_TYPE_LABELS } from '../learning/learning.rules';
import { zoneLabel } from '../organisations/time-zone';
import { notificationMessages } from '../notifications/notification.messages';
import { AssessStatus, ResponseStatus } from '../statuses';
import { isAuditAction, type AuditAction } from './audit.actions';
import { auditMessages } from './audit.messages';
import { actionLabel } from './audit.labels';
import type { AuditEntry } from './audit.schema';

const s = auditMessages.sentences;
type Json = Record<string, unknown>;

/** What a sentence is made from: a log row's action, kind of object, before and after. */
export type AuditFacts = Pick<AuditEntry, 'action' | 'entity' | 'before' | 'after'>;

const isPlainObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const objectOf = (v: unknown): Json => (isPlainObject(v) ? v : {});
/** A time zone's name as read (issue 60), or null. */
const zoneOrNull = (name: string | null): string | null => (name === null ? null : zoneLabel(name));
const text = (o: Json, key: string): string | null => {
  const v = o[key];
  return typeof v === 'string' && v.trim() !== '' ? v : null;
};
const numberOf = (o: Json, key: string): number | null => {
  const v = o[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};
const listOf = (o: Json, key: string): unknown[] => {
  const v = o[key];
  return Array.isArray(v) ? v : [];
};
const MAX_QUOTED = 60;
/** A user's text quoted in a sentence: one line, at most MAX_QUOTED characters. */
const quoted = (v: string | null): string | null => {
  if (v === null) return null;
  const line = v.replace(/\s+/g, ' ').trim();
  return line.length > MAX_QUOTED ? `${line.slice(0, MAX_QUOTED - 1)}…` : line;
};
const fileOf = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? fileNameOfPath(v) : null);

/** A response's status by its name ("Submitted"); null when it is not one. */
function responseStatusName(v: unknown): string | null {
  const names: Record<string, string> = responseNameMessages.statusNames;
  return typeof v === 'string' ? (names[v] ?? null) : null;
}

/** The fields an edit changed (those whose value differs), named as the Details lines name them. */
function changedFieldNames(before: Json, after: Json, skip: readonly string[] = []): string[] {
  const names: string[] = [];
  for (const key of Object.keys(after)) {
    if (skip.includes(key) || isIdField(key)) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    names.push(fieldLabel(key));
  }
  return names;
}

/** The name of an account in its snapshot (before for a deletion, after otherwise). */
function accountName(before: Json, after: Json): string | null {
  return text(after, 'name') ?? text(before, 'name');
}

/** "Accepted 2 questions, rejected 1, scored 20/30": the parts of a section's review. */
function reviewParts(before: Json, after: Json): string[] {
  const judged = listOf(after, 'questions').filter(isPlainObject);
  const was = new Map(listOf(before, 'questions').filter(isPlainObject).map((q) => [q.id, q]));
  let accepted = 0;
  let rejected = 0;
  let reset = 0;
  let remarks = 0;
  for (const q of judged) {
    const prior = was.get(q.id);
    const statusChanged = prior === undefined || prior.assessStatus !== q.assessStatus;
    if (statusChanged && q.assessStatus === AssessStatus.ACCEPTED) accepted += 1;
    else if (statusChanged && q.assessStatus === AssessStatus.REJECTED) rejected += 1;
    else if (statusChanged && q.assessStatus === AssessStatus.NONE) reset += 1;
    else remarks += 1;
  }
  const parts: string[] = [];
  const p = s.reviewParts;
  if (accepted > 0) parts.push(p.accepted(accepted, parts.length === 0));
  if (rejected > 0) parts.push(p.rejected(rejected, parts.length === 0));
  if (reset > 0) parts.push(p.reset(reset, parts.length === 0));
  if (remarks > 0) parts.push(p.remarks(remarks, parts.length === 0));
  const scored = numberOf(after, 'scoredMarks');
  const scoredBefore = numberOf(before, 'scoredMarks');
  if (scored !== null && scored !== scoredBefore) parts.push(p.scored(scored, numberOf(after, 'totalMarks'), parts.length === 0));
  else if (scored === null && scoredBefore !== null && 'scoredMarks' in after) parts.push(p.scoreCleared(parts.length === 0));
  return parts;
}

function statusChange(before: Json, after: Json): string {
  const from = before.status;
  const to = after.status;
  let sentence: string;
  if (to === ResponseStatus.SUBMITTED) sentence = s.submitted;
  else if (to === ResponseStatus.REASSESSMENT) sentence = s.sentBack;
  else if (to === ResponseStatus.COMPLETED) sentence = s.completed;
  else sentence = s.statusChanged(responseStatusName(from), responseStatusName(to));
  const scored = numberOf(after, 'scored');
  const total = numberOf(after, 'total');
  if (to === ResponseStatus.COMPLETED && scored !== null && total !== null) sentence = s.withScore(sentence, scored, total);
  const due = text(after, 'newDueDate');
  if (due !== null && due !== text(before, 'newDueDate')) sentence = s.withDueDate(sentence, dayText(due));
  return sentence;
}

function assessmentChanges(before: Json, after: Json): string[] {
  const c = s.assessmentChanges;
  const out: string[] = [];
  if (text(before, 'name') !== text(after, 'name')) out.push(c.name);
  if (text(before, 'dueDate') !== text(after, 'dueDate')) {
    const day = text(after, 'dueDate');
    out.push(c.dueDate(day ? dayText(day) : null));
  }
  if (JSON.stringify(before.contractors) !== JSON.stringify(after.contractors)) out.push(c.sharedWith(listOf(after, 'contractors').length));
  if (JSON.stringify(before.sections) !== JSON.stringify(after.sections)) {
    const sections = listOf(after, 'sections').filter(isPlainObject);
    out.push(c.sections(sections.length, sections.reduce((n, x) => n + listOf(x, 'questions').length, 0)));
  }
  return out;
}

function notificationLabel(kind: unknown): string | null {
  const labels: Record<string, string> = notificationMessages.kindLabels;
  return typeof kind === 'string' ? (labels[kind] ?? null) : null;
}

function docTypeName(v: unknown): string | null {
  const labels: Record<number, string> = DOC_TYPE_LABELS;
  return typeof v === 'number' ? (labels[v] ?? null) : null;
}

/** The sentence of one known action. */
function sentenceOf(action: AuditAction, before: Json, after: Json): string {
  const [kindKey = ''] = action.split('.');
  const kind = s.accountKinds[kindKey] ?? kindKey;
  switch (action) {
    case 'contractor.create':
    case 'tpi.create':
    case 'employee.create':
      return s.accountCreated(kind, text(after, 'name'), after.bulk === true);
    case 'contractor.edit':
    case 'tpi.edit':
    case 'employee.edit':
      return s.accountEdited(kind, accountName(before, after), changedFieldNames(before, after));
    case 'contractor.disable':
    case 'tpi.disable':
    case 'employee.disable':
      return s.accountDisabled(kind, accountName(before, after));
    case 'contractor.enable':
    case 'tpi.enable':
    case 'employee.enable':
      return s.accountEnabled(kind, accountName(before, after));
    case 'contractor.unlink':
    case 'tpi.unlink':
      return s.accountUnlinked(kind, accountName(before, after));
    case 'contractor.delete':
    case 'tpi.delete':
      return s.accountDeleted(kind, accountName(before, after));
    case 'contractor.image':
    case 'tpi.image':
      return s.accountImage(kind, accountName(before, after), fileOf(after.fileName ?? after.filePath));
    case 'profile.update':
      return s.profileUpdated(changedFieldNames(before, after));
    case 'profile.image':
      return s.profileImage(fileOf(after.fileName ?? after.filePath));
    case 'profile.preferences':
      return after.emailNotifications === false ? s.emailsOff : s.emailsOn;
    case 'profile.language':
      return s.languageChanged(isLanguage(after.language) ? LANGUAGE_NAMES[after.language] : auditMessages.none);
    case 'password.set':
      return s.passwordSet;
    case 'password.reset':
      return s.passwordReset;
    case 'password.change':
      return s.passwordChanged;
    case 'sessions.signOutOthers':
      return s.signedOutOthers;
    case 'sessions.revoke':
      return s.sessionRevoked(quoted(text(before, 'device')));
    case 'twoFactor.enable':
      return s.twoFactorOn;
    case 'twoFactor.disable':
      return s.twoFactorOff;
    case 'twoFactor.reset':
      return s.twoFactorReset(quoted(text(before, 'name')));
    case 'organisation.security':
      return s.twoFactorRequired(after.requireTwoFactor === true);
    case 'organisation.timeZone':
      return s.timeZoneSet(zoneOrNull(text(before, 'timeZone')), zoneOrNull(text(after, 'timeZone')));
    case 'organisation.export':
      return s.organisationExported;
    case 'notification.preference':
      return s.notificationEmail(notificationLabel(after.kind), after.email !== false);
    case 'notification.unsubscribe':
      return s.unsubscribed(notificationLabel(after.kind));
    case 'category.create':
      return s.categoryCreated(quoted(text(after, 'name')));
    case 'category.edit':
      return s.categoryRenamed(quoted(text(before, 'name')), quoted(text(after, 'name')));
    case 'question.create':
      return s.questionCreated(quoted(text(after, 'questText')), after.bulk === true);
    case 'question.edit':
      return s.questionEdited(quoted(text(after, 'questText')));
    case 'assessment.create': {
      const sections = listOf(after, 'sections').filter(isPlainObject);
      const questions = sections.reduce((n, x) => n + listOf(x, 'questions').length, 0);
      return s.assessmentCreated(quoted(text(after, 'name')), sections.length, questions, listOf(after, 'contractors').length);
    }
    case 'assessment.edit':
      return s.assessmentEdited(quoted(text(after, 'name') ?? text(before, 'name')), assessmentChanges(before, after));
    case 'assessment.delete':
      return s.assessmentDeleted(quoted(text(before, 'name')));
    case 'response.create':
      return s.responseStarted(numberOf(after, 'questions'), numberOf(after, 'sections'));
    case 'response.saveSection':
      return s.answersSaved(listOf(after, 'questions').length, numberOf(after, 'completeSections'), numberOf(after, 'totalSections'));
    case 'response.uploadAttachment':
      return s.fileAttached(fileOf(after.fileName ?? after.filePath));
    case 'response.deleteAttachment':
      return s.fileRemoved(fileOf(before.filePath));
    case 'response.uploadAuditorAttachment':
      return s.auditorFileAttached(fileOf(after.fileName ?? after.filePath));
    case 'response.deleteAuditorAttachment':
      return s.auditorFileRemoved(fileOf(before.filePath));
    case 'response.reviewSection':
      return s.reviewed(reviewParts(before, after), quoted(text(after, 'section')));
    case 'response.changeStatus':
      return statusChange(before, after);
    case 'response.edit': {
      const due = text(after, 'newDueDate');
      return due === null ? s.dueDateCleared : s.dueDateExtended(dayText(due));
    }
    case 'response.assignAuditor':
      return after.assignedAuditorId === null ? s.auditorRemoved : s.auditorAssigned(text(after, 'auditorName'));
    case 'chat.sendMessage':
      return s.chatSent(fileOf(after.file));
    case 'observation.create':
      return s.observationReported(numberOf(after, 'srno'), text(after, 'category'));
    case 'observation.rcaStatus': {
      const to = numberOf(after, 'status');
      const statusName = to !== null && to !== numberOf(before, 'status') ? (observationMessages.statuses[to] ?? null) : null;
      const comment = text(after, 'rootCauseAnalysis') !== null && text(after, 'rootCauseAnalysis') !== text(before, 'rootCauseAnalysis');
      return s.observationStatus(statusName, comment);
    }
    case 'document.create':
      return s.documentCreated(quoted(text(after, 'title')), listOf(after, 'attachments').length);
    case 'document.edit':
      return s.documentEdited(quoted(text(after, 'title') ?? text(before, 'title')));
    case 'document.delete':
      return s.documentDeleted(quoted(text(before, 'title')));
    case 'feedback.create':
      return s.feedbackSent(listOf(after, 'attachments').length);
    case 'feedback.delete':
      return s.feedbackDeleted;
    case 'learning.upload':
      return s.learningAdded(quoted(text(after, 'title')), docTypeName(after.type), quoted(text(after, 'subcat') ?? text(after, 'topic')));
    case 'learning.uploadFile': {
      const size = numberOf(after, 'size');
      return s.learningFile(fileOf(after.file), size === null ? null : sizeText(size));
    }
    case 'learning.addCategory':
      return s.learningCategory(auditMessages.learningCategoryKinds[String(after.kind)] ?? null, quoted(text(after, 'name')));
    case 'notice.create':
      return s.noticePublished(quoted(text(after, 'title')), docTypeName(after.type));
    case 'compliance.createRequirement':
      return s.requirementCreated(quoted(text(after, 'name')));
    case 'compliance.updateRequirement':
      return s.requirementUpdated(quoted(text(after, 'name') ?? text(before, 'name')));
    case 'compliance.retireRequirement':
      return s.requirementRetired(quoted(text(before, 'name') ?? text(after, 'name')));
    case 'compliance.upload':
      return s.complianceUploaded(quoted(text(after, 'requirement')), quoted(text(after, 'contractor')));
    case 'compliance.accept':
      return s.complianceAccepted(quoted(text(after, 'requirement')), quoted(text(after, 'contractor')));
    case 'compliance.reject':
      return s.complianceRejected(quoted(text(after, 'requirement')), quoted(text(after, 'contractor')), quoted(text(after, 'remark')));
    case 'sso.configure':
      // The provider's host only: a sentence carries no addresses.
      return s.ssoConfigured(/^https?:\/\/([^/]+)/.exec(text(after, 'issuer') ?? '')?.[1] ?? null);
    case 'sso.remove':
      return s.ssoRemoved;
  }
}

/**
 * One log row as a sentence a person reads, without its subject (the Who column names the
 * person): "Accepted 2 questions, rejected 1, scored 20/30 in Fire Safety". Names, counts and file
 * names only, never ids, storage paths, JSON or codes. An action the catalogue does not know (a
 * row older than its sentence) reads as its label ("Response: change status").
 */
export function auditSentence(row: AuditFacts): string {
  if (!isAuditAction(row.action)) return actionLabel(row.action);
  return sentenceOf(row.action, objectOf(row.before), objectOf(row.after));
}

// ---------------------------------------------------------------------------------------- details

/** One line of a row's Details: a field's name and its values before and after, as text. */
export interface AuditDetail {
  field: string;
  /** null for a field the row only sets (a creation) or only had (a deletion). */
  before: string | null;
  after: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Fields that name other objects by id, or storage internals: never a Details line. */
const HIDDEN_FIELDS = new Set(['fileLink', 'fileType', 'organisationId', 'contractorId', 'assessmentId', 'sectionId', 'questionId', 'assignedAuditorId']);
const MAX_VALUE_TEXT = 60;
const FIELD_ORDER = Object.keys(auditMessages.fields);

function isIdField(key: string): boolean {
  return key === 'id' || key === '_id' || /Id$/.test(key) || HIDDEN_FIELDS.has(key);
}

function fieldLabel(key: string): string {
  const label = auditMessages.fields[key];
  if (label) return label;
  const words = key.replace(/[_-]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const cut = (v: string) => (v.length > MAX_VALUE_TEXT ? `${v.slice(0, MAX_VALUE_TEXT - 1)}…` : v);

/** A value of a field as text, or undefined when it is not for people (an id, a nested record). */
function valueText(entity: string, key: string, v: unknown, dateTime: (iso: string) => string): string | undefined {
  const m = auditMessages;
  if (v === null || v === undefined || v === '') return m.none;
  if (typeof v === 'boolean') return v ? m.yes : m.no;
  if (typeof v === 'number') {
    if (entity === 'observation' && key === 'status') return observationMessages.statuses[v] ?? m.none;
    if (entity === 'observation' && key === 'action') return m.observationActions[v] ?? m.none;
    if (key === 'type') return docTypeName(v) ?? m.none;
    if (key === 'size' || key === 'fileSize') return sizeText(v);
    return String(v);
  }
  if (typeof v === 'string') {
    if (UUID.test(v)) return undefined;
    if (key === 'status' || key === 'assessmentStatus') return responseStatusName(v) ?? cut(v);
    if (key === 'kind') return notificationLabel(v) ?? m.learningCategoryKinds[v] ?? cut(v);
    if (ISO_DAY.test(v)) return dayText(v);
    if (ISO_INSTANT.test(v)) return dateTime(v);
    if (key === 'file' || key === 'filePath' || key === 'fileName' || key === 'filename') return fileNameOfPath(v);
    return cut(v.replace(/\s+/g, ' ').trim());
  }
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x === 'string') && (key === 'attachments' || key === 'files')) {
      return v.length === 0 ? m.none : cut(v.map((x) => fileNameOfPath(String(x))).join(', '));
    }
    return String(v.length);
  }
  if (isPlainObject(v) && 'before' in v && 'after' in v) {
    const b = valueText(entity, key, v.before, dateTime);
    const a = valueText(entity, key, v.after, dateTime);
    return b === undefined || a === undefined ? undefined : `${b} → ${a}`;
  }
  return undefined;
}

const defaultDateTime = (iso: string) => dayText(iso.slice(0, 10));

/**
 * A row's before and after as "field: value" lines with names, for the organisation admin's
 * Details: an edit's changed fields only, a creation's or deletion's every field; no ids, no
 * nested records, files by their names. `dateTime` shows an instant (the web's local format).
 */
export function auditDetails(row: AuditFacts, dateTime: (iso: string) => string = defaultDateTime): AuditDetail[] {
  const before = isPlainObject(row.before) ? row.before : null;
  const after = isPlainObject(row.after) ? row.after : null;
  // In the catalogue's order of fields (the database keeps no order of a JSON object's keys).
  const order = (key: string) => {
    const i = FIELD_ORDER.indexOf(key);
    return i === -1 ? FIELD_ORDER.length : i;
  };
  const keys = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])].sort((a, b) => order(a) - order(b));
  const out: AuditDetail[] = [];
  const seen = new Set<string>();
  for (const key of keys) {
    if (isIdField(key)) continue;
    // A file record names the file twice (its name and its path): one line.
    if (key === 'filePath' && ('fileName' in (after ?? {}) || 'fileName' in (before ?? {}))) continue;
    const b = before && key in before ? valueText(row.entity, key, before[key], dateTime) : null;
    const a = after && key in after ? valueText(row.entity, key, after[key], dateTime) : null;
    if (b === undefined || a === undefined) continue;
    if (before && after && b === a) continue;
    const field = fieldLabel(key);
    // Two fields of one name (fileName and file): the first.
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, before: b, after: a });
  }
  return out;
}

/** A Details line as text: "Status: Submitted → Completed", "Name: Acme Ltd". */
export function detailLine(d: AuditDetail): string {
  if (d.before === null) return `${d.field}: ${d.after ?? auditMessages.none}`;
  if (d.after === null) return `${d.field}: ${d.before}`;
  return `${d.field}: ${d.before} → ${d.after}`;
}
