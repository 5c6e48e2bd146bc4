import { useMutation } from '@tanstack/react-query';
import { exportFileName } from '@palisade/domain/responses/review.rules';
import { XLSX_CONTENT_TYPE } from '@palisade/domain/responses/review.schema';
import { postForFile, saveBlob } from '../../../lib/download';

export { fileNameOf } from '../../../lib/download';

/**
 * POST /api/assessment/responses/exportResponseToExcel {responseId}: the .xlsx bytes. A refusal
 * comes as the JSON envelope and is thrown as ApiError, so the Error dialog shows its message.
 */
export function exportResponse(
  responseId: string,
): Promise<{ blob: Blob; fileName: string | null }> {
  return postForFile(
    '/api/assessment/responses/exportResponseToExcel',
    { responseId },
    XLSX_CONTENT_TYPE,
  );
}

/** Export To Excel: fetch, then save under the server's file name. */
export function useExportResponse(assessmentName: string) {
  return useMutation({
    mutationFn: exportResponse,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? exportFileName(assessmentName)),
  });
}
