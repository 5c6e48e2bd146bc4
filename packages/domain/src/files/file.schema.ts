import { z } from 'zod';

/** A stored file as every reply names it (spec §3, uploaded file record). */
export const fileRecordSchema = z.object({
  fileName: z.string(),
  filePath: z.string(),
  fileLink: z.string(),
  fileSize: z.number().int().nonnegative(),
  fileType: z.string(),
});
export type FileRecord = z.infer<typeof fileRecordSchema>;
