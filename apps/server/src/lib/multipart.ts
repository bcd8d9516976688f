import { badRequest } from './http-errors.ts';

/**
 * Parses a multipart/form-data body (kept raw by the areas' content-type parser) with the platform's own FormData
 * parser: uploads here are single small files, so a streaming parser would add a dependency for nothing.
 * `field` names the file field in the 400s; `notMultipartMessage` is the area's own wording for a wrong body.
 */
export async function readMultipartForm(
  contentType: string | undefined,
  body: unknown,
  field: string,
  notMultipartMessage: string,
): Promise<FormData> {
  if (!contentType?.startsWith('multipart/form-data') || !Buffer.isBuffer(body)) {
    throw badRequest(notMultipartMessage, { [field]: ['Send the file as multipart/form-data.'] });
  }
  try {
    // A copy into a plain ArrayBuffer is a BodyInit under both Node's and the DOM's typings (the e2e project,
    // which compiles the benches and through them the server, uses the DOM's).
    return await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('The multipart body could not be read.', { [field]: ['The multipart body could not be read.'] });
  }
}
