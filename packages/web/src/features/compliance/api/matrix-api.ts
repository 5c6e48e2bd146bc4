import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  GetMatrixInput,
  MatrixReply,
} from '@palisade/domain/compliance/compliance.schema';
import type { COMPLIANCE_MATRIX_PAGE_SIZES } from '@palisade/domain/compliance/compliance.rules';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { apiCall } from '../../../lib/api-client';
import { postForFile, saveBlob } from '../../../lib/download';
import { complianceKeys, type MatrixFilters } from './keys';

/** The body of getMatrix and exportMatrix: the filters given, none of the empty ones. */
export function matrixBody(companyId: string, filters: MatrixFilters) {
  return {
    companyId,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.location ? { location: filters.location } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.requirementId ? { requirementId: filters.requirementId } : {}),
  };
}

/** POST /api/compliance/getMatrix: a page (from 1) of contractors × the live requirements. */
export function getMatrix(input: GetMatrixInput, signal?: AbortSignal): Promise<MatrixReply> {
  return apiCall<MatrixReply>('/api/compliance/getMatrix', input, { signal });
}

/** The page on screen; the previous one stays shown while the next loads. */
export function useMatrix(
  companyId: string | null,
  filters: MatrixFilters,
  page: number,
  pageSize: (typeof COMPLIANCE_MATRIX_PAGE_SIZES)[number],
) {
  return useQuery({
    queryKey: complianceKeys.matrix(companyId ?? '', filters, page, pageSize),
    queryFn: ({ signal }) =>
      getMatrix({ ...matrixBody(companyId ?? '', filters), page, pageSize }, signal),
    enabled: companyId !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/compliance/exportMatrix: the filtered matrix as CSV, saved under the server's name. */
export function useExportMatrix() {
  return useMutation({
    mutationFn: (input: { companyId: string; filters: MatrixFilters }) =>
      postForFile('/api/compliance/exportMatrix', matrixBody(input.companyId, input.filters), 'text/csv'),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? complianceScreensMessages.exportFileName),
  });
}
