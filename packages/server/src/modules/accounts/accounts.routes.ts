import type { FastifyInstance } from 'fastify';
import { messages } from '@palisade/domain/messages';
import {
  bulkContractorsReplySchema,
  byCompanyIdSchema,
  changeContractorStatusSchema,
  changeTpiStatusSchema,
  checkCodeExistsSchema,
  checkEmailExistsSchema,
  checkNameExistsSchema,
  checkPhoneNumberExistsSchema,
  contractorListReplySchema,
  createBulkContractorsSchema,
  createContractorSchema,
  createdContractorReplySchema,
  createdTpiReplySchema,
  createTpiSchema,
  deleteContractorSchema,
  deletedAccountReplySchema,
  deleteTpiSchema,
  editContractorSchema,
  editTpiSchema,
  existsReplySchema,
  tpiListReplySchema,
} from '@palisade/domain/users/accounts.schema';
import {
  contractorIdsReplySchema,
  contractorLocationsReplySchema,
  contractorSearchReplySchema,
  getContractorIdsSchema,
  getContractorLocationsSchema,
  searchContractorsSchema,
} from '@palisade/domain/users/contractor-search.schema';
import { contractorReplySchema, tpiReplySchema } from '@palisade/domain/users/users.schema';
import { ok } from '../../lib/envelope';
import { replyOf, signedIn, type MultipartFiles, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';
import { singleFile } from '../../lib/upload-form';

/** The one image file of an image upload form. */
const image = (what: string): MultipartFiles => ({ name: '*', max: 1, required: true, description: `${what}: JPG or PNG, up to 10 MB` });

/**
 * The organisation's accounts (company-and-auditor §7). In the admin area "Company" is a
 * contractor company (DECISIONS.md, Words): company/createCompany, editCompany, deleteCompany and
 * getAllCompanies act on contractor accounts, exactly as the contractor/ calls do.
 */
export async function accountsRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accounts } = opts.services;
  const m = messages.users;

  // ------------------------------------------------------------------ contractor companies
  for (const [url, call, summary] of [
    ['/contractor/createContractor', 'contractor.createContractor', undefined],
    ['/company/createCompany', 'company.createCompany', 'Create company (a contractor company; the same as contractor/createContractor)'],
  ] as const) {
    app.post(
      url,
      { schema: { ...(summary ? { summary } : {}), body: createContractorSchema, response: replyOf(createdContractorReplySchema) }, config: { policy: call } },
      async (request) => ok(await accounts.createContractor(signedIn(request), request.body), m.companyAdded),
    );
  }

  for (const [url, call] of [
    ['/contractor/editContractor', 'contractor.editContractor'],
    ['/company/editCompany', 'company.editCompany'],
  ] as const) {
    app.post(url, { schema: { body: editContractorSchema, response: replyOf(contractorReplySchema) }, config: { policy: call } }, async (request) => {
      const { contractorId, updateData } = request.body;
      return ok(await accounts.editContractor(signedIn(request), contractorId, updateData), m.companyEdited);
    });
  }

  for (const [url, call] of [
    ['/contractor/deleteContractor', 'contractor.deleteContractor'],
    ['/company/deleteCompany', 'company.deleteCompany'],
  ] as const) {
    app.post(url, { schema: { body: deleteContractorSchema, response: replyOf(deletedAccountReplySchema) }, config: { policy: call } }, async (request) =>
      ok(await accounts.deleteContractor(signedIn(request), request.body.contractorId), m.companyDeleted),
    );
  }

  app.post(
    '/contractor/changeContractorAccStatus',
    {
      schema: { body: changeContractorStatusSchema, response: replyOf(contractorReplySchema) },
      config: { policy: 'contractor.changeContractorAccStatus' },
    },
    async (request) => {
      const { contractorId, disable } = request.body;
      return ok(await accounts.changeContractorStatus(signedIn(request), contractorId, disable), m.companyToggled(!disable));
    },
  );

  app.post(
    '/contractor/createBulkContractors',
    {
      schema: { body: createBulkContractorsSchema, response: replyOf(bulkContractorsReplySchema) },
      config: { policy: 'contractor.createBulkContractors' },
    },
    async (request) => {
      const report = await accounts.createBulkContractors(signedIn(request), request.body);
      return ok(report, report.createdCount > 0 ? m.companiesAdded : m.noCompaniesAdded);
    },
  );

  app.post(
    '/contractor/getContractorsByCompanyId',
    {
      schema: { body: byCompanyIdSchema, response: replyOf(contractorListReplySchema) },
      config: { policy: 'contractor.getContractorsByCompanyId' },
    },
    async (request) => ok(await accounts.listContractors(signedIn(request), request.body.companyId)),
  );

  // The contractor search (issue 63): the pickers, the companies table and the Share dialog ask
  // the server for a page, every matching id or the locations, never for the whole list.
  app.post(
    '/contractor/searchContractors',
    {
      schema: {
        summary: "A page of the organisation's contractor companies that match, by name (search: name, e-mail, location or contact person)",
        body: searchContractorsSchema,
        response: replyOf(contractorSearchReplySchema),
      },
      config: { policy: 'contractor.searchContractors' },
    },
    async (request) => ok(await accounts.searchContractors(signedIn(request), request.body)),
  );

  app.post(
    '/contractor/getContractorIds',
    {
      schema: {
        summary: "Every id of the organisation's contractor companies that match (select all that match, select by location)",
        body: getContractorIdsSchema,
        response: replyOf(contractorIdsReplySchema),
      },
      config: { policy: 'contractor.getContractorIds' },
    },
    async (request) => ok(await accounts.getContractorIds(signedIn(request), request.body)),
  );

  app.post(
    '/contractor/getContractorLocations',
    {
      schema: {
        summary: "The distinct locations of the organisation's contractor companies, with how many have each",
        body: getContractorLocationsSchema,
        response: replyOf(contractorLocationsReplySchema),
      },
      config: { policy: 'contractor.getContractorLocations' },
    },
    async (request) => ok(await accounts.getContractorLocations(signedIn(request), request.body.companyId)),
  );

  app.get(
    '/contractor/getAllContractors',
    { schema: { response: replyOf(contractorListReplySchema) }, config: { policy: 'contractor.getAllContractors' } },
    async (request) => ok(await accounts.listContractors(signedIn(request))),
  );

  // The spec names no method for getAllCompanies: POST by its rule, GET like its siblings.
  app.route({
    method: ['GET', 'POST'],
    url: '/company/getAllCompanies',
    schema: { response: replyOf(contractorListReplySchema) },
    config: { policy: 'company.getAllCompanies' },
    handler: async (request) => ok(await accounts.listContractors(signedIn(request))),
  });

  app.post(
    '/contractor/uploadContractorImage',
    {
      schema: { querystring: deleteContractorSchema, response: replyOf(contractorReplySchema) },
      config: { policy: 'contractor.uploadContractorImage', openapi: { multipart: { files: image("The contractor's image") } } },
    },
    async (request) => {
      const ctx = signedIn(request);
      const { contractorId } = request.query;
      const file = await singleFile(request);
      return ok(await accounts.uploadContractorImage(ctx, contractorId, file), messages.profile.imageUpdated);
    },
  );

  // ------------------------------------------------------------------------------ auditors
  app.post(
    '/tpi/createTpi',
    { schema: { body: createTpiSchema, response: replyOf(createdTpiReplySchema) }, config: { policy: 'tpi.createTpi' } },
    async (request) => ok(await accounts.createTpi(signedIn(request), request.body), m.auditorAdded),
  );

  app.post('/tpi/editTpi', { schema: { body: editTpiSchema, response: replyOf(tpiReplySchema) }, config: { policy: 'tpi.editTpi' } }, async (request) => {
    const { tpiId, updateData } = request.body;
    return ok(await accounts.editTpi(signedIn(request), tpiId, updateData), m.auditorEdited);
  });

  app.post(
    '/tpi/changeTpiAccStatus',
    { schema: { body: changeTpiStatusSchema, response: replyOf(tpiReplySchema) }, config: { policy: 'tpi.changeTpiAccStatus' } },
    async (request) => {
      const { tpiId, disable } = request.body;
      return ok(await accounts.changeTpiStatus(signedIn(request), tpiId, disable), m.auditorToggled(!disable));
    },
  );

  app.post(
    '/tpi/deleteTpi',
    { schema: { body: deleteTpiSchema, response: replyOf(deletedAccountReplySchema) }, config: { policy: 'tpi.deleteTpi' } },
    async (request) => ok(await accounts.deleteTpi(signedIn(request), request.body.tpiId), m.auditorDeleted),
  );

  app.post(
    '/tpi/getTpisByCompanyId',
    { schema: { body: byCompanyIdSchema, response: replyOf(tpiListReplySchema) }, config: { policy: 'tpi.getTpisByCompanyId' } },
    async (request) => ok(await accounts.listTpis(signedIn(request), request.body.companyId)),
  );

  app.get('/tpi/getAllTpis', { schema: { response: replyOf(tpiListReplySchema) }, config: { policy: 'tpi.getAllTpis' } }, async (request) =>
    ok(await accounts.listTpis(signedIn(request))),
  );

  app.post(
    '/tpi/uploadTpiImage',
    {
      schema: { querystring: deleteTpiSchema, response: replyOf(tpiReplySchema) },
      config: { policy: 'tpi.uploadTpiImage', openapi: { multipart: { files: image("The auditor's image") } } },
    },
    async (request) => {
      const ctx = signedIn(request);
      const { tpiId } = request.query;
      const file = await singleFile(request);
      return ok(await accounts.uploadTpiImage(ctx, tpiId, file), messages.profile.imageUpdated);
    },
  );

  // ------------------------------------------------------- exists checks (data.exists)
  for (const prefix of ['company', 'contractor', 'tpi'] as const) {
    const kind = prefix === 'tpi' ? 'tpi' : 'contractor';

    app.post(
      `/${prefix}/checkEmailExists`,
      { schema: { body: checkEmailExistsSchema, response: replyOf(existsReplySchema) }, config: { policy: `${prefix}.checkEmailExists` } },
      async (request) => {
        const { email, excludeId } = request.body;
        return ok(await accounts.exists(signedIn(request), kind, 'email', email, excludeId));
      },
    );

    app.post(
      `/${prefix}/checkNameExists`,
      { schema: { body: checkNameExistsSchema, response: replyOf(existsReplySchema) }, config: { policy: `${prefix}.checkNameExists` } },
      async (request) => {
        const { name, excludeId } = request.body;
        return ok(await accounts.exists(signedIn(request), kind, 'name', name, excludeId));
      },
    );

    app.post(
      `/${prefix}/checkCodeExists`,
      { schema: { body: checkCodeExistsSchema, response: replyOf(existsReplySchema) }, config: { policy: `${prefix}.checkCodeExists` } },
      async (request) => {
        const { code, excludeId } = request.body;
        return ok(await accounts.exists(signedIn(request), kind, 'code', code, excludeId));
      },
    );

    app.post(
      `/${prefix}/checkPhoneNumberExists`,
      { schema: { body: checkPhoneNumberExistsSchema, response: replyOf(existsReplySchema) }, config: { policy: `${prefix}.checkPhoneNumberExists` } },
      async (request) => {
        const { phoneNo, excludeId } = request.body;
        return ok(await accounts.exists(signedIn(request), kind, 'phone', phoneNo, excludeId));
      },
    );
  }
}
