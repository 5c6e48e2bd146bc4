import type { FastifyInstance } from 'fastify';
import {
  changeEmployeeStatusSchema,
  createBulkEmployeesSchema,
  createEmployeeSchema,
  editEmployeeSchema,
  getEmployeesSchema,
} from '@palisade/domain/employees/employee.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';

/** A contractor's employees (issue 15; DECISIONS.md, Employee): the Employees tab of its Account page. */
export async function employeesRoutes(
  app: FastifyInstance,
  opts: { services: Services },
): Promise<void> {
  const { employees } = opts.services;
  const m = messages.employees;

  app.post('/contractor/getEmployees', async (request) => {
    const ctx = authorize(request, 'contractor.getEmployees');
    const query = validate(getEmployeesSchema, request.body);
    return ok(await employees.list(ctx, query));
  });

  app.post('/contractor/createEmployee', async (request) => {
    const ctx = authorize(request, 'contractor.createEmployee');
    const input = validate(createEmployeeSchema, request.body);
    return ok(await employees.create(ctx, input), m.added);
  });

  app.post('/contractor/editEmployee', async (request) => {
    const ctx = authorize(request, 'contractor.editEmployee');
    const { employeeId, updateData } = validate(editEmployeeSchema, request.body);
    return ok(await employees.edit(ctx, employeeId, updateData), m.edited);
  });

  app.post('/contractor/changeEmployeeStatus', async (request) => {
    const ctx = authorize(request, 'contractor.changeEmployeeStatus');
    const { employeeId, disable } = validate(changeEmployeeStatusSchema, request.body);
    return ok(await employees.setStatus(ctx, employeeId, disable), m.toggled(!disable));
  });

  app.post('/contractor/createBulkEmployees', async (request) => {
    const ctx = authorize(request, 'contractor.createBulkEmployees');
    const { csv } = validate(createBulkEmployeesSchema, request.body);
    const report = await employees.createBulk(ctx, csv);
    return ok(report, report.createdCount > 0 ? m.employeesAdded : m.noEmployeesAdded);
  });
}
