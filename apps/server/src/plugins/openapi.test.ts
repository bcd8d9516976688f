import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const redocly = path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

/** The published API description, linted as a client generator would read it (it does not depend on the database). */
describe('OpenAPI document', () => {
  let handle: Awaited<ReturnType<typeof createTestApp>> | undefined;
  const ctx = () => {
    if (!handle) throw new Error('test app not ready');
    return handle.context;
  };
  beforeAll(async () => {
    handle = await createTestApp('pglite');
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('passes Redocly’s recommended lint (trailing slashes allowed: they are the contract)', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, response.body);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [redocly, 'lint', file, '--config', path.join(repoRoot, 'redocly.yaml'), '--format', 'json'],
        // No telemetry or update check: tests reach no network.
        {
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const { problems } = JSON.parse(stdout) as { problems: LintProblem[] };
      // redocly.yaml makes a missing operationId, 4xx answer or security declaration an error.
      const errors = problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('declares bearer security where a token is needed, an operationId and the error shape on every operation', async () => {
    const document = (await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    const bearer = [{ bearerAuth: [] }];
    // Route-level `onRequest: authenticate` (auth), and plugin-level `addHook('onRequest', authenticate)`
    // (studio, branding) alike.
    expect(document.paths['/api/auth/user/']?.get?.security).toEqual(bearer);
    expect(document.paths['/api/ai-design/detect-objects/']?.post?.security).toEqual(bearer);
    expect(document.paths['/api/branding/templates/']?.get?.security).toEqual(bearer);
    expect(document.paths['/api/ai-design/detect-objects/']?.post?.responses['401']).toEqual({
      description: expect.any(String),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
    });
    // Public calls say so: no token.
    expect(document.paths['/api/config/']?.get?.security).toEqual([]);
    expect(document.paths['/auth/login/']?.post?.security).toEqual([]);

    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(30);
    for (const operation of operations) {
      expect(operation.operationId).toMatch(/^[a-z]+_[a-z0-9_]+$/);
      expect(Object.keys(operation.responses).some((status) => status.startsWith('4'))).toBe(true);
    }
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/auth/confirm-email/{key}/']?.get?.operationId).toBe('get_api_auth_confirm_email_by_key');
    expect(document.components.schemas.ErrorResponse).toMatchObject({ required: ['detail'] });
  });

  it('declares security as the routes behave: bearer operations answer 401 without a token, the others do not', async () => {
    const document = (await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    const mismatches: string[] = [];
    for (const [openApiPath, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const url = openApiPath.replace(/\{[^}]+\}/g, '1');
        const response = await ctx().app.inject({ method: method.toUpperCase() as 'GET', url });
        const needsToken = (operation.security ?? []).length > 0;
        // A webhook proves itself by its signature, not a token: unsigned, it is refused with 401 too.
        const signedWebhook = SIGNED_WEBHOOKS.includes(`${method} ${openApiPath}`);
        if (needsToken !== (response.statusCode === 401) && !(signedWebhook && response.statusCode === 401)) {
          mismatches.push(`${method} ${openApiPath}: ${response.statusCode}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

const SIGNED_WEBHOOKS = ['post /api/inspiration/replicate-webhook/'];

interface OpenApiOperation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown> };
}
