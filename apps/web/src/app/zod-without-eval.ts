import { config } from 'zod/v4/core';

/**
 * zod compiles a faster parser for each object schema with `new Function`, after probing whether the page may
 * eval. The server's Content-Security-Policy has no 'unsafe-eval' (apps/server/src/plugins/security-headers.ts),
 * so the probe is blocked and the browser reports a CSP violation on every page that loads a schema. The probe
 * runs when a schema is built, so this must run before any schema module: the router loads it before every
 * screen (the landing page has no schema, and no zod). API payloads are small; parsing them without the
 * compiled fast path costs nothing a user would notice.
 */
config({ jitless: true });
