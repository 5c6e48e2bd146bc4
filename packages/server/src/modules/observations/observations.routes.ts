import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import {
  companyReportGraphSchema,
  contractorReportGraphSchema,
  createObservationFieldsSchema,
  exportObservationsSchema,
  getObservationSchema,
  rcaStatusSchema,
  reportTableSchema,
  type Observation,
} from '@palisade/domain/observations/observation.schema';
import { createIds } from '../../lib/create-once';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize, type AuthContext } from '../../plugins/auth-context';
import type { Services } from '../../services';
import type { ObservationsService, StagedPhoto } from './observations.service';

const m = messages.observation;
/** The text fields a report form may carry (others are ignored). */
const REPORT_FIELDS = new Set(['id', 'category', 'description', 'location', 'reportedAt', 'fields']);
/** The file parts taken as the report's photo. */
const PHOTO_FIELDS = new Set(['photo', 'file', 'image']);

/**
 * The report form: its text fields (the client-made `id` first, so that the photo's folder is named
 * after it), and at most one photo, streamed into the store as it arrives
 * (observations.stagePhoto; never held whole in memory: issue 64). The fields may come after the
 * photo, so the report is checked and recorded once the whole form is read; a form refused
 * anywhere leaves no stored photo.
 */
async function createFromMultipart(request: FastifyRequest, ctx: AuthContext, observations: ObservationsService): Promise<Observation> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', m.multipart);
  const fields: Record<string, string> = {};
  const ids = createIds();
  let photo: StagedPhoto | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (REPORT_FIELDS.has(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.filename === '' || !PHOTO_FIELDS.has(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const stream = part.file;
      photo = await observations.stagePhoto(ctx, { fileName: part.filename, stream, truncated: () => stream.truncated }, ids.folder(fields.id));
    }
    const input = validate(createObservationFieldsSchema, fields);
    return await observations.create(ctx, ids.row(input.id), input, photo);
  } catch (err) {
    if (photo) await observations.discardPhoto(photo).catch(() => undefined);
    throw err;
  }
}

/**
 * Safety observations (issue 14): reports from the field, the charts and table of the
 * Observation page, and the root-cause action (DECISIONS.md, observation calls).
 */
export async function observationsRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { observations } = opts.services;

  app.post('/observation/createObservation', async (request) => {
    const ctx = authorize(request, 'observation.createObservation');
    return ok(await createFromMultipart(request, ctx, observations), m.created);
  });

  app.post('/observation/getObservationById', async (request) => {
    const ctx = authorize(request, 'observation.getObservationById');
    const { _id } = validate(getObservationSchema, request.body);
    return ok(await observations.get(ctx, _id));
  });

  app.post('/company/reportgraph', async (request) => {
    const ctx = authorize(request, 'observation.companyReportGraph');
    const input = validate(companyReportGraphSchema, request.body);
    return ok(await observations.companyGraph(ctx, input));
  });

  app.post('/contractor/reportgraph', async (request) => {
    const ctx = authorize(request, 'observation.contractorReportGraph');
    const input = validate(contractorReportGraphSchema, request.body);
    return ok(await observations.contractorGraph(ctx, input));
  });

  app.post('/company/reporttable', async (request) => {
    const ctx = authorize(request, 'observation.reportTable');
    const input = validate(reportTableSchema, request.body);
    return ok(await observations.table(ctx, input));
  });

  app.post('/company/exportObservations', async (request) => {
    const ctx = authorize(request, 'observation.export');
    const input = validate(exportObservationsSchema, request.body);
    return ok(await observations.exportRange(ctx, input));
  });

  app.post('/admin/rcastatus', async (request) => {
    const ctx = authorize(request, 'observation.rcaStatus');
    const input = validate(rcaStatusSchema, request.body);
    const updated = await observations.rcaStatus(ctx, input);
    return ok(updated, input.action !== undefined ? m.statusUpdated : m.commentAdded);
  });
}
