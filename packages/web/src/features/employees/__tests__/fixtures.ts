import type { Employee } from '@palisade/domain/employees/employee.schema';

/** An employee of contractor u1 (organisation org1): Worker A, B, … by its number. */
export const employee = (i: number, over: Partial<Employee> = {}): Employee => ({
  _id: `e${i}`,
  employeeId: `e${i}`,
  name: `Worker ${String.fromCharCode(64 + i)}`,
  email: `worker${i}@field.test`,
  mobile: null,
  code: null,
  isActive: true,
  invitationAccepted: true,
  contractorId: 'u1',
  companyId: 'org1',
  createdAt: '2026-11-03T10:00:00.000Z',
  ...over,
});
