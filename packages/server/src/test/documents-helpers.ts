import crypto from 'node:crypto';
import type { Reply, TestApp } from './test-app';

/** A file part of a test form. */
export interface TestFile {
  name: string;
  content: Buffer;
  /** The form field; `attachments` by default. */
  field?: string;
}

/** A multipart body: text fields (a name may repeat) then files. */
export function formBody(
  fields: ReadonlyArray<[string, string]>,
  files: readonly TestFile[] = [],
): { payload: Buffer; contentType: string } {
  const boundary = `----palisade${crypto.randomBytes(8).toString('hex')}`;
  const parts = [
    ...fields.map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    ...files.map((f) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'attachments'}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        f.content,
        Buffer.from('\r\n'),
      ]),
    ),
  ];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POSTs a multipart form through inject. */
export async function postForm<T>(
  t: TestApp,
  url: string,
  cookie: string | undefined,
  fields: ReadonlyArray<[string, string]>,
  files: readonly TestFile[] = [],
): Promise<Reply<T>> {
  const { payload, contentType } = formBody(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  });
  return {
    status: res.statusCode,
    body: res.json<Reply<T>['body']>(),
    headers: res.headers,
    raw: res,
  };
}

/** A small valid PDF. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** Downloads a file link (/api/files/…) as that user; the status. */
export async function downloadStatus(t: TestApp, link: string, cookie: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: link, headers: { cookie } });
  return res.statusCode;
}
