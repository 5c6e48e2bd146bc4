import { useMutation } from '@tanstack/react-query';
import { messages } from '@palisade/domain/messages';
import { exportFileName } from '@palisade/domain/responses/review.rules';
import { XLSX_CONTENT_TYPE } from '@palisade/domain/responses/review.schema';
import { ApiError } from '../../../lib/api-client';

/** The file name of a Content-Disposition header (filename*= first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain filename.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? null;
}

/**
 * POST /api/assessment/responses/exportResponseToExcel {responseId}: the .xlsx bytes. A refusal
 * comes as the JSON envelope and is thrown as ApiError, so the Error dialog shows its message.
 */
export async function exportResponse(
  responseId: string,
): Promise<{ blob: Blob; fileName: string | null }> {
  let reply: Response;
  try {
    reply = await fetch('/api/assessment/responses/exportResponseToExcel', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: `${XLSX_CONTENT_TYPE}, application/json`,
      },
      body: JSON.stringify({ responseId }),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, messages.common.unknownError);
  }
  const type = reply.headers.get('Content-Type') ?? '';
  if (!reply.ok || type.includes('application/json')) {
    let message = '';
    try {
      const body: unknown = await reply.json();
      if (typeof body === 'object' && body !== null && 'message' in body) {
        message = typeof body.message === 'string' ? body.message : '';
      }
    } catch {
      // No envelope to read: the generic text is shown.
    }
    throw new ApiError(reply.ok ? 500 : reply.status, message);
  }
  return {
    blob: await reply.blob(),
    fileName: fileNameOf(reply.headers.get('Content-Disposition')),
  };
}

/** Saves a blob through a temporary <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Export To Excel: fetch, then save under the server's file name. */
export function useExportResponse(assessmentName: string) {
  return useMutation({
    mutationFn: exportResponse,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? exportFileName(assessmentName)),
  });
}
