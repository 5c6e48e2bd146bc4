import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import {
  companyReportGraphSchema,
  contractorReportGraphSchema,
  createObservationFieldsSchema,
  exportObservationsReplySchema,
  exportObservationsSchema,
  getObservationSchema,
  observationSchema,
  rcaStatusSchema,
  reportGraphReplySchema,
  reportTableReplySchema,
  reportTableSchema,
  type Observation,
} from '@palisade/domain/observations/observation.schema';
import { createIds } from '../../lib/create-once';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import type { AuthContext } from '../../plugins/auth-context';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
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
export async function observationsRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { observations } = opts.services;

  app.post(
    '/observation/createObservation',
    {
      schema: { response: replyOf(observationSchema) },
      config: {
        policy: 'observation.createObservation',
        openapi: {
          multipart: {
            fields: createObservationFieldsSchema,
            files: { name: 'photo', max: 1, required: false, description: 'An optional photo (the parts file and image are taken too)' },
          },
        },
      },
    },
    async (request) => ok(await createFromMultipart(request, signedIn(request), observations), m.created),
  );

  app.post(
    '/observation/getObservationById',
    { schema: { body: getObservationSchema, response: replyOf(observationSchema) }, config: { policy: 'observation.getObservationById' } },
    async (request) => ok(await observations.get(signedIn(request), request.body._id)),
  );

  app.post(
    '/company/reportgraph',
    { schema: { body: companyReportGraphSchema, response: replyOf(reportGraphReplySchema) }, config: { policy: 'observation.companyReportGraph' } },
    async (request) => ok(await observations.companyGraph(signedIn(request), request.body)),
  );

  app.post(
    '/contractor/reportgraph',
    { schema: { body: contractorReportGraphSchema, response: replyOf(reportGraphReplySchema) }, config: { policy: 'observation.contractorReportGraph' } },
    async (request) => ok(await observations.contractorGraph(signedIn(request), request.body)),
  );

  app.post(
    '/company/reporttable',
    { schema: { body: reportTableSchema, response: replyOf(reportTableReplySchema) }, config: { policy: 'observation.reportTable' } },
    async (request) => ok(await observations.table(signedIn(request), request.body)),
  );

  app.post(
    '/company/exportObservations',
    { schema: { body: exportObservationsSchema, response: replyOf(exportObservationsReplySchema) }, config: { policy: 'observation.export' } },
    async (request) => ok(await observations.exportRange(signedIn(request), request.body)),
  );

  app.post(
    '/admin/rcastatus',
    { schema: { body: rcaStatusSchema, response: replyOf(observationSchema) }, config: { policy: 'observation.rcaStatus' } },
    async (request) => {
      const input = request.body;
      const updated = await observations.rcaStatus(signedIn(request), input);
      return ok(updated, input.action !== undefined ? m.statusUpdated : m.commentAdded);
    },
  );
}
