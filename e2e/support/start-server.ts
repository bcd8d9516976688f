import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { startMailSink } from './mail-sink.ts';
import { E2E_STAFF } from './staff.ts';

/**
 * The end-to-end server: a loopback SMTP sink, then Stagecraft in its own process exactly as `npm start` runs
 * it (built web app, migrations at start), with SMTP pointed at the sink.
 */
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const inboxPort = Number(process.env.E2E_INBOX_PORT);
const oidcPort = Number(process.env.E2E_OIDC_PORT);

/**
 * A loopback OpenID provider standing in for Google. Its authorization page signs in at once and returns to
 * the app with a code; the identity it vouches for is set by the test through the inbox's control endpoint.
 */
const provider = new OAuth2Server();
await provider.issuer.keys.generate('RS256');
await provider.start(oidcPort, '127.0.0.1');
// Name the issuer by the address it listens on (its default says localhost, which may resolve to ::1).
provider.issuer.url = `http://127.0.0.1:${oidcPort}`;
let googleIdentity: Record<string, unknown> = { email: 'nobody@example.com', email_verified: true };
provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) =>
  Object.assign(token.payload, googleIdentity),
);

const sink = await startMailSink(smtpPort, inboxPort, (identity) => {
  googleIdentity = identity;
});

const repoRoot = path.resolve(import.meta.dirname, '../..');
// The staff admin, made by the manage CLI while the database is still free (the embedded one admits one process).
const staff = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/cli/manage.ts', 'create-user', '--email', E2E_STAFF.email, '--username', E2E_STAFF.username,
    '--password', E2E_STAFF.password, '--verified', '--superuser', '--credits', '5'],
  { cwd: repoRoot, env: process.env, stdio: 'inherit' },
);
if (staff.status !== 0) throw new Error('could not create the e2e staff account');

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    GOOGLE_CLIENT_ID: 'stagecraft-e2e',
    GOOGLE_CLIENT_SECRET: 'stagecraft-e2e-secret',
    GOOGLE_ISSUER_URL: provider.issuer.url ?? '',
  },
  stdio: 'inherit',
});

const stop = async () => {
  server.kill('SIGTERM');
  await sink.close();
  await provider.stop();
};
process.on('SIGTERM', () => void stop().then(() => process.exit(0)));
process.on('SIGINT', () => void stop().then(() => process.exit(0)));
server.on('exit', (code) => {
  void sink.close().finally(() => process.exit(code ?? 1));
});
