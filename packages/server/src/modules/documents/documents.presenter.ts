import type { DocumentViewer, PolicyDocument } from '@palisade/domain/documents/document.schema';
import type { DocumentListRow, DocumentRow, ViewerRow } from './documents.repository';

/** A viewer as replies name it (spec §3). */
export function presentViewer(v: ViewerRow): DocumentViewer {
  return {
    viewer: { type: v.viewerType, name: v.viewerName, uid: v.userId },
    viewed_at: v.viewedAt.toISOString(),
  };
}

/** A document as every reply names it. */
export function presentDocument(
  row: DocumentRow & Partial<Pick<DocumentListRow, 'viewerCount' | 'viewedByMe'>>,
  viewers: readonly ViewerRow[] = [],
): PolicyDocument {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    creatorId: row.creatorId,
    creatorType: row.creatorType,
    creatorName: row.creatorName,
    companyId: row.organisationId,
    attachments: row.attachments,
    viewerCount: row.viewerCount ?? 0,
    viewedByMe: row.viewedByMe ?? false,
    viewers: viewers.map(presentViewer),
  };
}
