import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In development the API runs separately (`npm run serve`); in production one origin serves both.
const API_ORIGIN = 'http://127.0.0.1:8080';
const proxiedPaths = ['/api', '/auth', '/healthz', '/media', '/staging/rooms'];

/** What the server may send compressed (apps/server/src/plugins/web-app.ts serves the `.br`/`.gz` next to it). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` beside every text asset once, at build time, so the
 * server never compresses per request and browsers get the smallest bytes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'stagecraft-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_COMPRESS_BYTES) return;
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig(({ command }) => {
  // A build is always a production build: with NODE_ENV=development (the server's documented default) Vite
  // would otherwise bundle React's development build. Vite reads NODE_ENV after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), precompress()],
    server: {
      proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      rollupOptions: {
        treeshake: {
          // @stagecraft/contracts only declares constants and zod schemas: a page that reads one constant
          // (the landing page's prices) must not carry every other contract module with it.
          moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contracts[\\/]/.test(id),
        },
        output: {
          // React is needed by every page and changes less often than the app, so it gets its own cached
          // file. Other libraries stay with the screens that use them, keeping the landing page light.
          manualChunks(id: string) {
            return /node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined;
          },
        },
      },
    },
  };
});
