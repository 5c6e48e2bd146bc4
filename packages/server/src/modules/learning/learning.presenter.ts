import type { LearningDoc } from '@palisade/domain/learning/learning.schema';
import type { LearningDocRow } from './learning.repository';

/** A viewer of a notice as replies name it. */
export interface PresentedViewer {
  userId: string;
  viewerName: string;
  viewedAt: Date;
}

/** A learning document or notice as every reply names it (spec §3). */
export function presentLearningDoc(
  row: LearningDocRow,
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
    creatorName: row.creatorName,
    viewersCount: reads.viewersCount ?? 0,
    viewedByMe: reads.viewedByMe ?? false,
    viewers: (reads.viewers ?? []).map((v) => ({ _id: `${row.id}_${v.userId}`, uid: v.userId, name: v.viewerName, viewed_at: v.viewedAt.toISOString() })),
  };
}
