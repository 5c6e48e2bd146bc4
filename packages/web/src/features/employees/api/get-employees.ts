import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmployeePageSize } from '@palisade/domain/employees/employee.constants';
import type { EmployeesPage, GetEmployeesInput } from '@palisade/domain/employees/employee.schema';
import { apiCall } from '../../../lib/api-client';
import { employeeKeys } from './employee-keys';

/** POST /api/contractor/getEmployees: one page (from 1) of the caller's employees, by name. */
export function getEmployees(
  input: GetEmployeesInput,
  signal?: AbortSignal,
): Promise<EmployeesPage> {
  return apiCall<EmployeesPage>('/api/contractor/getEmployees', input, { signal });
}

/** The page on screen (of the working organisation); the previous one stays shown while the next loads. */
export function useEmployeesPage(
  organisationId: string,
  query: { search: string; page: number; pageSize: EmployeePageSize },
) {
  return useQuery({
    queryKey: employeeKeys.page(organisationId, query.search, query.page, query.pageSize),
    queryFn: ({ signal }) => getEmployees(query, signal),
    placeholderData: keepPreviousData,
  });
}
