import type { FastifyInstance } from 'fastify';
import {
  bulkEmployeesReplySchema,
  changeEmployeeStatusSchema,
  createBulkEmployeesSchema,
  createdEmployeeReplySchema,
  createEmployeeSchema,
  editEmployeeSchema,
  employeeSchema,
  employeesPageSchema,
  getEmployeesSchema,
} from '@palisade/domain/employees/employee.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

/** A contractor's employees (issue 15; DECISIONS.md, Employee): the Employees tab of its Account page. */
export async function employeesRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { employees } = opts.services;
  const m = messages.employees;

  app.post(
    '/contractor/getEmployees',
    { schema: { body: getEmployeesSchema, response: replyOf(employeesPageSchema) }, config: { policy: 'contractor.getEmployees' } },
    async (request) => ok(await employees.list(signedIn(request), request.body)),
  );

  app.post(
    '/contractor/createEmployee',
    { schema: { body: createEmployeeSchema, response: replyOf(createdEmployeeReplySchema) }, config: { policy: 'contractor.createEmployee' } },
    async (request) => ok(await employees.create(signedIn(request), request.body), m.added),
  );

  app.post(
    '/contractor/editEmployee',
    { schema: { body: editEmployeeSchema, response: replyOf(employeeSchema) }, config: { policy: 'contractor.editEmployee' } },
    async (request) => {
      const { employeeId, updateData } = request.body;
      return ok(await employees.edit(signedIn(request), employeeId, updateData), m.edited);
    },
  );

  app.post(
    '/contractor/changeEmployeeStatus',
    { schema: { body: changeEmployeeStatusSchema, response: replyOf(employeeSchema) }, config: { policy: 'contractor.changeEmployeeStatus' } },
    async (request) => {
      const { employeeId, disable } = request.body;
      return ok(await employees.setStatus(signedIn(request), employeeId, disable), m.toggled(!disable));
    },
  );

  app.post(
    '/contractor/createBulkEmployees',
    { schema: { body: createBulkEmployeesSchema, response: replyOf(bulkEmployeesReplySchema) }, config: { policy: 'contractor.createBulkEmployees' } },
    async (request) => {
      const report = await employees.createBulk(signedIn(request), request.body.csv);
      return ok(report, report.createdCount > 0 ? m.employeesAdded : m.noEmployeesAdded);
    },
  );
}
