import { z } from 'zod';
import { clientIdField } from '../client-id';
import { SHELL_PREFIX } from '../user-types';

/** Where an organisation's export stands (issue 61): queued → building → ready (7 days) or failed; a ready one's file goes once expired. */
export const EXPORT_STATUSES = ['queued', 'building', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** export/requestExport: ask for a new export of all the working organisation's data (`id`: made by the client, DECISIONS.md). */
export const requestExportSchema = z.object({ id: clientIdField }).strict();
export type RequestExportBody = z.infer<typeof requestExportSchema>;

/** export/getMyExport: no fields; the caller's latest export of its working organisation. */
export const getMyExportSchema = z.object({}).strict();

/** GET export/download/:id: the export's id. */
export const exportDownloadParamsSchema = z.object({ id: z.uuid({ error: 'Invalid export id' }) });

/** An export as the Settings card shows it. */
export const exportJobSchema = z.object({
  _id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** When it was asked for, when it was ready, and until when its link works (ISO times; null until then). */
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The zip's size in bytes once ready. */
  size: z.number().int().nonnegative().nullable(),
  /** The zip's file name once ready. */
  fileName: z.string().nullable(),
  /** The download link (an API path) while ready and not expired; null otherwise. */
  downloadUrl: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/** Reply of export/getMyExport: the latest export, or null when the caller never asked for one. */
export const myExportReplySchema = z.object({ export: exportJobSchema.nullable() });
export type MyExportReply = z.infer<typeof myExportReplySchema>;

/** The content type of the download. */
export const EXPORT_ZIP_CONTENT_TYPE = 'application/zip';

/** The download path of an export (also the mail's link, under PUBLIC_URL). */
export const exportDownloadPath = (id: string) => `/api/export/download/${encodeURIComponent(id)}`;

/** The zip's file name: the organisation's name made safe, and the UTC day it was built. */
export function exportFileName(organisationName: string, day: string): string {
  const slug = organisationName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `palisade-export-${slug || 'organisation'}-${day}.zip`;
}

/** The organisation's Settings page, where the export is asked for and downloaded (the notification's link). */
export const EXPORT_SETTINGS_LINK = `${SHELL_PREFIX.sapphire}/settings`;
