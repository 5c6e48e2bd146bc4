import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedEmployee, EmployeeForm } from '@palisade/domain/employees/employee.schema';
import { employeeMessages } from '@palisade/domain/employees/employee.messages';
import { apiCall } from '../../../lib/api-client';
import { employeeKeys } from './employee-keys';

/** POST /api/contractor/createEmployee: a new employee; the server mails its invitation. */
export function createEmployee(input: EmployeeForm): Promise<CreatedEmployee> {
  return apiCall<CreatedEmployee>('/api/contractor/createEmployee', input);
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    meta: { successMessage: employeeMessages.added },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
