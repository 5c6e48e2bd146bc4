import { useState } from 'react';
import type { PolicyDocument } from '@palisade/domain/documents/document.schema';
import { documentsMessages } from '@palisade/domain/messages/documents';
import { ConfirmDialog } from '../confirm-dialog';
import { DocumentDialog } from './document-dialog';
import { useDeleteDocument } from './documents-api';

const m = documentsMessages;

export interface DocumentPopupProps {
  /** The document shown; null: closed. */
  document: PolicyDocument | null;
  manage: boolean;
  audience: number;
  onClose: () => void;
  onEdit: (document: PolicyDocument) => void;
}

/**
 * A policy document's popup and its Delete confirmation: its own chunk, fetched when a reader
 * reaches for a document (issue 13: the dialogs and the file viewer are not part of a home's
 * first load).
 */
export function DocumentPopup({ document, manage, audience, onClose, onEdit }: DocumentPopupProps) {
  const remove = useDeleteDocument();
  const [deleting, setDeleting] = useState<PolicyDocument | null>(null);
  return (
    <>
      <DocumentDialog
        document={document}
        manage={manage}
        audience={audience}
        onClose={onClose}
        onEdit={onEdit}
        onDelete={setDeleting}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={m.delete}
        message={deleting ? m.confirmDelete(deleting.title) : ''}
        confirmLabel={m.delete}
        cancelLabel={m.cancel}
        destructive
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => {
              setDeleting(null);
              onClose();
            },
          });
        }}
      />
    </>
  );
}
