import { Readable } from 'node:stream';
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
} from '@palisade/domain/observations/observation.schema';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';
import type { IncomingPhoto } from './observations.service';

const m = messages.observation;
/** The text fields a report form may carry (others are ignored). */
const REPORT_FIELDS = new Set(['category', 'description', 'location', 'reportedAt', 'fields']);
/** The file parts taken as the report's photo. */
const PHOTO_FIELDS = new Set(['photo', 'file', 'image']);

/**
 * The report form: its text fields, and at most one photo, held in memory (at most 10 MB, the
 * multipart limit) until the fields, which may come after it, are read and checked.
 */
async function readReportForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; photo: IncomingPhoto | null }> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', m.multipart);
  const fields: Record<string, string> = {};
  let photo: { fileName: string; bytes: Buffer; truncated: boolean } | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (REPORT_FIELDS.has(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (photo || part.filename === '' || !PHOTO_FIELDS.has(part.fieldname)) {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    photo = { fileName: part.filename, bytes: Buffer.concat(chunks), truncated: part.file.truncated };
  }
  const held = photo;
  return {
    fields,
    photo: held ? { fileName: held.fileName, stream: Readable.from([held.bytes]), truncated: () => held.truncated } : null,
  };
}

/**
 * Safety observations (issue 14): reports from the field, the charts and table of the
 * Observation page, and the root-cause action (DECISIONS.md, observation calls).
 */
export async function observationsRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { observations } = opts.services;

  app.post('/observation/createObservation', async (request) => {
    const ctx = authorize(request, 'observation.createObservation');
    const { fields, photo } = await readReportForm(request);
    const input = validate(createObservationFieldsSchema, fields);
    return ok(await observations.create(ctx, input, photo), m.created);
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
