import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditEmployeeInput, Employee } from '@palisade/domain/employees/employee.schema';
import { employeeMessages } from '@palisade/domain/employees/employee.messages';
import { apiCall } from '../../../lib/api-client';
import { employeeKeys } from './employee-keys';

/** POST /api/contractor/editEmployee {employeeId, updateData} */
export function editEmployee(input: EditEmployeeInput): Promise<Employee> {
  return apiCall<Employee>('/api/contractor/editEmployee', input);
}

export function useEditEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editEmployee,
    meta: { successMessage: employeeMessages.edited },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
