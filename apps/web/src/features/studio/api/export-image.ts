import { STUDIO_ROUTES } from '@stagecraft/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { readAccessToken } from '../../../lib/auth-storage.ts';

/**
 * Download goes through the server (the plan's export call) so that the free plan's watermark is applied
 * where the client cannot skip it (DECISIONS.md, Plans).
 */

export interface ExportedImage {
  blob: Blob;
  fileName: string;
}

function fileNameFrom(disposition: string | null): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : `stagecraft-${new Date().toISOString().slice(0, 10)}.jpg`;
}

/** The answer is a file, not JSON, so this call reads the body itself; errors still come back as ApiError. */
export async function exportImage(body: { image_data: string; session_id?: string }): Promise<ExportedImage> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'image/jpeg, application/json' };
  const access = readAccessToken();
  if (access) headers.Authorization = `Bearer ${access}`;
  let response: Response;
  try {
    response = await fetch(STUDIO_ROUTES.exportImage, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, { detail: 'Network error. Please try again.' });
  }
  if (!response.ok) {
    // The same error shape as the shared client gives every other call.
    const text = await response.text();
    throw new ApiError(response.status, parseErrorBody(text, response.status));
  }
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('content-disposition')) };
}

function parseErrorBody(text: string, status: number): { detail: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const fields = parsed as Record<string, unknown>;
      const detail = [fields.detail, fields.error, fields.message].find((value) => typeof value === 'string');
      if (typeof detail === 'string') return { detail };
    }
  } catch {
    // Not JSON: fall through to the generic text.
  }
  return { detail: `HTTP error! status: ${status}` };
}
