import type { LearningDoc } from '@palisade/domain/learning/learning.schema';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import type { LearningDocRow } from './learning.repository';

/** A viewer of a notice as replies name it. */
export interface PresentedViewer {
  userId: string;
  viewerName: string;
  viewedAt: Date;
}

/** The signed-in reader of a document, as far as the creator's name depends on it. */
export interface LearningReader {
  id: string;
  type: number;
  contractorId: string | null;
}

/**
 * The creator's name as a reader may see it. Contractors never see one another's names
 * (DECISIONS.md): a contractor or an employee reading a document that another contractor (or its
 * employee) created reads "Another contractor"; the organisation and auditors see every name.
 */
function creatorNameFor(row: LearningDocRow, reader: LearningReader): string {
  if (reader.type !== UserType.CONTRACTOR && reader.type !== UserType.EMPLOYEE) return row.creatorName;
  if (row.creatorType !== UserType.CONTRACTOR && row.creatorType !== UserType.EMPLOYEE) return row.creatorName;
  const readerSide = reader.type === UserType.CONTRACTOR ? reader.id : reader.contractorId;
  const own = row.creatorId === reader.id || (row.creatorType === UserType.CONTRACTOR && row.creatorId === readerSide);
  return own ? row.creatorName : messages.learning.anotherContractor;
}

/** A learning document or notice as every reply names it (spec §3), for one reader. */
export function presentLearningDoc(
  row: LearningDocRow,
  reader: LearningReader,
  reads: { viewersCount?: number; viewedByMe?: boolean; viewers?: readonly PresentedViewer[] } = {},
): LearningDoc {
  const ms = row.createdAt.getTime();
  return {
    _id: row.id,
    companyId: row.organisationId,
    topic: row.topic,
    subcat: row.subcat,
    title: row.title,
    desc: row.description,
    type: row.type,
    rewards: row.rewards,
    totaltime: row.totalTime,
    filename: row.file?.fileName ?? row.fileName,
    item_url: row.file?.fileLink ?? row.itemUrl,
    file: row.file,
    created_time: { seconds: Math.floor(ms / 1000), nanoseconds: (ms % 1000) * 1_000_000 },
    createdAt: row.createdAt.toISOString(),
    creatorName: creatorNameFor(row, reader),
    viewersCount: reads.viewersCount ?? 0,
    viewedByMe: reads.viewedByMe ?? false,
    viewers: (reads.viewers ?? []).map((v) => ({ _id: `${row.id}_${v.userId}`, uid: v.userId, name: v.viewerName, viewed_at: v.viewedAt.toISOString() })),
  };
}
