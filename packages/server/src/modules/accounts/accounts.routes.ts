import type { FastifyInstance } from 'fastify';
import { messages } from '@palisade/domain/messages';
import {
  byCompanyIdSchema,
  changeContractorStatusSchema,
  changeTpiStatusSchema,
  checkCodeExistsSchema,
  checkEmailExistsSchema,
  checkNameExistsSchema,
  checkPhoneNumberExistsSchema,
  createBulkContractorsSchema,
  createContractorSchema,
  createTpiSchema,
  deleteContractorSchema,
  deleteTpiSchema,
  editContractorSchema,
  editTpiSchema,
} from '@palisade/domain/users/accounts.schema';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';
import { singleFile } from '../../lib/upload-form';

/**
 * The organisation's accounts (company-and-auditor §7). In the admin area "Company" is a
 * contractor company (DECISIONS.md, Words): company/createCompany, editCompany, deleteCompany and
 * getAllCompanies act on contractor accounts, exactly as the contractor/ calls do.
 */
export async function accountsRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { accounts } = opts.services;
  const m = messages.users;

  // ------------------------------------------------------------------ contractor companies
  for (const [url, call] of [
    ['/contractor/createContractor', 'contractor.createContractor'],
    ['/company/createCompany', 'company.createCompany'],
  ] as const) {
    app.post(url, async (request) => {
      const ctx = authorize(request, call);
      const input = validate(createContractorSchema, request.body);
      return ok(await accounts.createContractor(ctx, input), m.companyAdded);
    });
  }

  for (const [url, call] of [
    ['/contractor/editContractor', 'contractor.editContractor'],
    ['/company/editCompany', 'company.editCompany'],
  ] as const) {
    app.post(url, async (request) => {
      const ctx = authorize(request, call);
      const { contractorId, updateData } = validate(editContractorSchema, request.body);
      return ok(await accounts.editContractor(ctx, contractorId, updateData), m.companyEdited);
    });
  }

  for (const [url, call] of [
    ['/contractor/deleteContractor', 'contractor.deleteContractor'],
    ['/company/deleteCompany', 'company.deleteCompany'],
  ] as const) {
    app.post(url, async (request) => {
      const ctx = authorize(request, call);
      const { contractorId } = validate(deleteContractorSchema, request.body);
      return ok(await accounts.deleteContractor(ctx, contractorId), m.companyDeleted);
    });
  }

  app.post('/contractor/changeContractorAccStatus', async (request) => {
    const ctx = authorize(request, 'contractor.changeContractorAccStatus');
    const { contractorId, disable } = validate(changeContractorStatusSchema, request.body);
    return ok(await accounts.changeContractorStatus(ctx, contractorId, disable), m.companyToggled(!disable));
  });

  app.post('/contractor/createBulkContractors', async (request) => {
    const ctx = authorize(request, 'contractor.createBulkContractors');
    const input = validate(createBulkContractorsSchema, request.body);
    const report = await accounts.createBulkContractors(ctx, input);
    return ok(report, report.createdCount > 0 ? m.companiesAdded : m.noCompaniesAdded);
  });

  app.post('/contractor/getContractorsByCompanyId', async (request) => {
    const ctx = authorize(request, 'contractor.getContractorsByCompanyId');
    const { companyId } = validate(byCompanyIdSchema, request.body);
    return ok(await accounts.listContractors(ctx, companyId));
  });

  app.get('/contractor/getAllContractors', async (request) => {
    const ctx = authorize(request, 'contractor.getAllContractors');
    return ok(await accounts.listContractors(ctx));
  });

  // The spec names no method for getAllCompanies: POST by its rule, GET like its siblings.
  app.route({
    method: ['GET', 'POST'],
    url: '/company/getAllCompanies',
    handler: async (request) => {
      const ctx = authorize(request, 'company.getAllCompanies');
      return ok(await accounts.listContractors(ctx));
    },
  });

  app.post('/contractor/uploadContractorImage', async (request) => {
    const ctx = authorize(request, 'contractor.uploadContractorImage');
    const { contractorId } = validate(deleteContractorSchema, request.query);
    const file = await singleFile(request);
    return ok(await accounts.uploadContractorImage(ctx, contractorId, file), messages.profile.imageUpdated);
  });

  // ------------------------------------------------------------------------------ auditors
  app.post('/tpi/createTpi', async (request) => {
    const ctx = authorize(request, 'tpi.createTpi');
    const input = validate(createTpiSchema, request.body);
    return ok(await accounts.createTpi(ctx, input), m.auditorAdded);
  });

  app.post('/tpi/editTpi', async (request) => {
    const ctx = authorize(request, 'tpi.editTpi');
    const { tpiId, updateData } = validate(editTpiSchema, request.body);
    return ok(await accounts.editTpi(ctx, tpiId, updateData), m.auditorEdited);
  });

  app.post('/tpi/changeTpiAccStatus', async (request) => {
    const ctx = authorize(request, 'tpi.changeTpiAccStatus');
    const { tpiId, disable } = validate(changeTpiStatusSchema, request.body);
    return ok(await accounts.changeTpiStatus(ctx, tpiId, disable), m.auditorToggled(!disable));
  });

  app.post('/tpi/deleteTpi', async (request) => {
    const ctx = authorize(request, 'tpi.deleteTpi');
    const { tpiId } = validate(deleteTpiSchema, request.body);
    return ok(await accounts.deleteTpi(ctx, tpiId), m.auditorDeleted);
  });

  app.post('/tpi/getTpisByCompanyId', async (request) => {
    const ctx = authorize(request, 'tpi.getTpisByCompanyId');
    const { companyId } = validate(byCompanyIdSchema, request.body);
    return ok(await accounts.listTpis(ctx, companyId));
  });

  app.get('/tpi/getAllTpis', async (request) => {
    const ctx = authorize(request, 'tpi.getAllTpis');
    return ok(await accounts.listTpis(ctx));
  });

  app.post('/tpi/uploadTpiImage', async (request) => {
    const ctx = authorize(request, 'tpi.uploadTpiImage');
    const { tpiId } = validate(deleteTpiSchema, request.query);
    const file = await singleFile(request);
    return ok(await accounts.uploadTpiImage(ctx, tpiId, file), messages.profile.imageUpdated);
  });

  // ------------------------------------------------------- exists checks (data.exists)
  for (const prefix of ['company', 'contractor', 'tpi'] as const) {
    const kind = prefix === 'tpi' ? 'tpi' : 'contractor';

    app.post(`/${prefix}/checkEmailExists`, async (request) => {
      const ctx = authorize(request, `${prefix}.checkEmailExists`);
      const { email, excludeId } = validate(checkEmailExistsSchema, request.body);
      return ok(await accounts.exists(ctx, kind, 'email', email, excludeId));
    });

    app.post(`/${prefix}/checkNameExists`, async (request) => {
      const ctx = authorize(request, `${prefix}.checkNameExists`);
      const { name, excludeId } = validate(checkNameExistsSchema, request.body);
      return ok(await accounts.exists(ctx, kind, 'name', name, excludeId));
    });

    app.post(`/${prefix}/checkCodeExists`, async (request) => {
      const ctx = authorize(request, `${prefix}.checkCodeExists`);
      const { code, excludeId } = validate(checkCodeExistsSchema, request.body);
      return ok(await accounts.exists(ctx, kind, 'code', code, excludeId));
    });

    app.post(`/${prefix}/checkPhoneNumberExists`, async (request) => {
      const ctx = authorize(request, `${prefix}.checkPhoneNumberExists`);
      const { phoneNo, excludeId } = validate(checkPhoneNumberExistsSchema, request.body);
      return ok(await accounts.exists(ctx, kind, 'phone', phoneNo, excludeId));
    });
  }
}
