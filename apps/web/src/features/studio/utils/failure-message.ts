import { FAILURE_PREFIXES, type StudioFailureKind } from '@stagecraft/contracts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The toast for a failed call: a refusal for credits (402) is the server's own sentence; a request that got
 * no answer is 'Network error: ...'; anything else is the prefix and the server's reason. The server sends the
 * bare reason as `error` beside a `detail` that may already carry the prefix: the prefix is never doubled.
 */
export function failureMessage(kind: StudioFailureKind, error: unknown): string {
  const prefix = FAILURE_PREFIXES[kind];
  if (error instanceof ApiError) {
    const detail = error.body.detail ?? error.body.non_field_errors?.[0];
    if (error.isNetworkError) return `Network error: ${detail ?? 'Unknown error'}`;
    if (error.status === 402 && detail) return detail;
    const bare = typeof error.body.error === 'string' && error.body.error !== '' ? error.body.error : undefined;
    if (bare) return `${prefix}${bare}`;
    if (detail?.startsWith(prefix)) return detail;
    return `${prefix}${detail ?? 'Unknown error'}`;
  }
  const reason = error instanceof Error && error.message ? error.message : 'Unknown error';
  return kind === 'eraseFromDrawnArea' ? `Erase error: ${reason}` : `${prefix}${reason}`;
}
