import { apiErrorMessage } from '../../../lib/api-client.ts';

/**
 * Branding errors are browser alerts with a prefix icon, preferring the server's text when it gave one
 * (001 section 8).
 */
export function alertFailure(error: unknown, fallback: string): void {
  window.alert(`❌ ${apiErrorMessage(error, fallback)}`);
}

/** Saves a file from a URL under a name (same-origin media URLs, so the download attribute is honoured). */
export function downloadUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
}
