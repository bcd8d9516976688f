import { spawn } from 'node:child_process';
import path from 'node:path';
import { startMailSink } from './mail-sink.ts';

/**
 * The end-to-end server: a loopback SMTP sink, then Stagecraft in its own process exactly as `npm start` runs
 * it (built web app, migrations at start), with SMTP pointed at the sink.
 */
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const inboxPort = Number(process.env.E2E_INBOX_PORT);
const sink = await startMailSink(smtpPort, inboxPort);

const repoRoot = path.resolve(import.meta.dirname, '../..');
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: repoRoot,
  env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
  stdio: 'inherit',
});

const stop = async () => {
  server.kill('SIGTERM');
  await sink.close();
};
process.on('SIGTERM', () => void stop().then(() => process.exit(0)));
process.on('SIGINT', () => void stop().then(() => process.exit(0)));
server.on('exit', (code) => {
  void sink.close().finally(() => process.exit(code ?? 1));
});
