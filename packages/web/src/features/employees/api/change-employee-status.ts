import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeEmployeeStatusInput,
  Employee,
} from '@palisade/domain/employees/employee.schema';
import { employeeMessages } from '@palisade/domain/employees/employee.messages';
import { apiCall } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/notifier';
import { employeeKeys } from './employee-keys';

/** POST /api/contractor/changeEmployeeStatus {employeeId, disable} */
export function changeEmployeeStatus(input: ChangeEmployeeStatusInput): Promise<Employee> {
  return apiCall<Employee>('/api/contractor/changeEmployeeStatus', input);
}

export function useChangeEmployeeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmployeeStatus,
    onSuccess: async (employee) => {
      showSuccess(employeeMessages.toggled(employee.isActive));
      await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    },
  });
}
