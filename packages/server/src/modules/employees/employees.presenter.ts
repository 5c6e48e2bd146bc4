import type { Employee } from '@palisade/domain/employees/employee.schema';
import type { UserRow } from '../auth/auth.repository';

/** An employee as the calls reply (employeeSchema). */
export function presentEmployee(user: UserRow): Employee {
  return {
    _id: user.id,
    employeeId: user.id,
    name: user.name,
    email: user.email,
    mobile: user.phone,
    code: user.code,
    isActive: user.isActive,
    invitationAccepted: user.passwordHash !== null,
    contractorId: user.contractorId ?? '',
    companyId: user.organisationId ?? '',
    createdAt: user.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an employee (never the password hash). */
export function employeeSnapshot(user: UserRow) {
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    code: user.code,
    contractorId: user.contractorId,
    organisationId: user.organisationId,
    isActive: user.isActive,
  };
}
