import { coreMessages } from '@palisade/domain/messages-core';
import { ApiError } from './api-client';

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
 * POSTs a JSON body to a call that answers with a file (the session cookie goes with it). A
 * refusal comes as the JSON envelope and is thrown as ApiError, so the Error dialog shows it.
 */
export async function postForFile(
  path: string,
  body: unknown,
  accept: string,
): Promise<{ blob: Blob; fileName: string | null }> {
  let reply: Response;
  try {
    reply = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: `${accept}, application/json` },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, coreMessages.common.unknownError);
  }
  const type = reply.headers.get('Content-Type') ?? '';
  if (!reply.ok || type.includes('application/json')) {
    let message = '';
    try {
      const envelope: unknown = await reply.json();
      if (typeof envelope === 'object' && envelope !== null && 'message' in envelope) {
        message = typeof envelope.message === 'string' ? envelope.message : '';
      }
    } catch {
      // No envelope to read: the generic text is shown.
    }
    throw new ApiError(reply.ok ? 500 : reply.status, message);
  }
  return { blob: await reply.blob(), fileName: fileNameOf(reply.headers.get('Content-Disposition')) };
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
