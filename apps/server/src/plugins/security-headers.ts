import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every response (`@fastify/helmet`). The Content-Security-Policy is what the built web app
 * needs and no more: its own scripts (and WebAssembly, for HEIC photos), inline styles (MUI's emotion injects
 * `<style>` tags), images from data and blob URLs (uploads, canvas exports), a blob worker (HEIC decoding); no
 * framing by anyone. HSTS only when the public URL is https: sent over plain http it would be ignored, and a
 * LAN install on http must not be told to upgrade.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: { appUrl: string }) => {
    const https = options.appUrl.startsWith('https://');
    const helmetOptions: FastifyHelmetOptions = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'base-uri': ["'self'"],
          'script-src': ["'self'", "'wasm-unsafe-eval'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", 'data:', 'blob:'],
          'worker-src': ["'self'", 'blob:'],
          'object-src': ["'none'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          ...(https ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      hsts: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
      referrerPolicy: { policy: 'no-referrer' },
      // The same as frame-ancestors 'none', for browsers that predate it.
      frameguard: { action: 'deny' },
      // Stripe Checkout and Google sign-in are navigations, not popups, so the strictest opener policy holds.
      crossOriginOpenerPolicy: { policy: 'same-origin' },
    };
    await app.register(fastifyHelmet, helmetOptions);
  },
  { name: 'security-headers' },
);
