// Type-checks every TypeScript project of the repository, as many at once as the machine has cores: each `tsc` is
// single-threaded, so one after another left a core idle for most of `npm test`'s first minute.
import { spawn } from 'node:child_process';
import os from 'node:os';

const projects = [
  'apps/server',
  'apps/web',
  'e2e',
  'packages/vision',
  'packages/contracts',
  'packages/furniture',
  'assets/furniture',
];

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const tsc = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    tsc.stdout.on('data', (chunk) => (output += chunk));
    tsc.stderr.on('data', (chunk) => (output += chunk));
    tsc.on('close', (code) => {
      // Each project's errors are printed together, not interleaved with another project's.
      process.stdout.write(
        `tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n${output}`,
      );
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let failed = false;
await Promise.all(
  Array.from({ length: Math.min(queue.length, os.availableParallelism()) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      if (!(await check(project))) failed = true;
    }
  }),
);
process.exit(failed ? 1 : 0);
