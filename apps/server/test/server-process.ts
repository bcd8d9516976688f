import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const serverScript = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/**
 * The real server as `npm start` runs it (its own port and data directory, the embedded database), for the
 * tests that stop, kill and restart it. Each test file picks its own port range so files can run at once.
 */
export interface ServerProcess {
  readonly baseUrl: string;
  /** Spawns the server; settings in `env` come on top of the test defaults. */
  start(): ChildProcess;
  /** Resolves when /healthz answers, or fails after a minute. */
  waitForHealth(): Promise<void>;
  /** SIGTERM (a clean stop) or SIGKILL (kill -9); resolves with the exit code once the process is gone. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<number | null>;
}

export function serverProcess(options: { port: number; dataDir: string; env?: Record<string, string> }): ServerProcess {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // With REDIS_URL set the server keeps its rate limits in Redis: a prefix of its own (kept across its restarts)
  // stops the registrations of earlier tests and earlier runs on the same Redis from counting against this one (a
  // second CI run within the hour got 429 on the restart test's registration).
  const redisKeyPrefix = `stagecraft-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
  let running: ChildProcess | null = null;
  return {
    baseUrl,
    start() {
      running = spawn(process.execPath, ['--import', 'tsx', serverScript], {
        env: {
          ...process.env,
          PORT: String(options.port),
          HOST: '127.0.0.1',
          DATA_DIR: options.dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
          REDIS_KEY_PREFIX: redisKeyPrefix,
          ...options.env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      return running;
    },
    async waitForHealth() {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (
          await fetch(`${baseUrl}/healthz`).then(
            (response) => response.ok,
            () => false,
          )
        )
          return;
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      throw new Error('server did not become healthy');
    },
    async stop(signal = 'SIGTERM') {
      const server = running;
      running = null;
      if (!server) return null;
      if (server.exitCode !== null || server.signalCode !== null) return server.exitCode;
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      server.kill(signal);
      return exited;
    },
  };
}
