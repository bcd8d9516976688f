import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs separately (`npm run serve`); in production one origin serves both.
const API_ORIGIN = 'http://127.0.0.1:8080';
const proxiedPaths = ['/api', '/auth', '/healthz', '/media', '/staging/rooms'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // React is needed by every page and changes less often than the app, so it gets its own cached
        // file. Other libraries stay with the screens that use them, keeping the landing page light.
        manualChunks(id) {
          return /node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined;
        },
      },
    },
  },
});
