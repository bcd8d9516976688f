import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'stagecraft-config-'));

describe('configuration', () => {
  it('has embedded defaults that need no settings at all', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      appUrl: 'http://127.0.0.1:8080',
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(config.dataDir).toBe(dataDir);
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
  });

  it('derives APP_URL from HOST and PORT, and trims a configured one', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0', PORT: '3000' }).appUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://staging.example.com/' }).appUrl).toBe(
      'https://staging.example.com',
    );
  });

  it('refuses bad settings with a message naming each one', () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: tempDir(), PORT: '99999', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', JWT_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'JWT_SECRET']) expect(message).toContain(name);
    }
  });

  it('keeps the development mailbox to loopback servers outside production, unless DEV_MAILBOX asks', () => {
    const mailbox = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env }).devMailbox;
    expect(mailbox({})).toBe(true);
    expect(mailbox({ HOST: '::1' })).toBe(true);
    expect(mailbox({ HOST: 'localhost' })).toBe(true);
    expect(mailbox({ HOST: '0.0.0.0' })).toBe(false);
    expect(mailbox({ HOST: '192.168.1.20' })).toBe(false);
    expect(mailbox({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' })).toBe(true);
    expect(mailbox({ NODE_ENV: 'production' })).toBe(false);
    expect(() => mailbox({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
  });

  it('takes test payments in production only when PAYMENTS_MODE=test says so', () => {
    const mode = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env }).paymentsMode;
    expect(mode({})).toBe('test');
    expect(mode({ NODE_ENV: 'production' })).toBe('off');
    expect(mode({ NODE_ENV: 'production', PAYMENTS_MODE: 'test' })).toBe('test');
    expect(mode({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' })).toBe('stripe');
    expect(() => mode({ PAYMENTS_MODE: 'stripe' })).toThrow(/PAYMENTS_MODE: stripe needs STRIPE_SECRET_KEY/);
    expect(() => mode({ PAYMENTS_MODE: 'test', STRIPE_SECRET_KEY: 'sk_x' })).toThrow(ConfigError);
    expect(() => mode({ PAYMENTS_MODE: 'free' })).toThrow(/PAYMENTS_MODE/);
  });

  it('keeps everything in one process by default, and reads the several-machines settings', () => {
    const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env });
    expect(load({})).toMatchObject({ s3: null, redis: null, imageJobs: { mode: 'in-process', timeoutSeconds: 180, retries: 2 } });
    const several = load({
      DATABASE_URL: 'postgres://db/stagecraft',
      REDIS_URL: 'redis://cache:6379',
      S3_URL: 'http://minio:9000',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      IMAGE_JOBS: 'queue',
    });
    expect(several.s3).toMatchObject({ url: 'http://minio:9000', bucket: 'media', forcePathStyle: true, prefix: '' });
    expect(several.redis).toEqual({ url: 'redis://cache:6379', keyPrefix: 'stagecraft:' });
    expect(several.imageJobs.mode).toBe('queue');
    expect(() => load({ IMAGE_JOBS: 'queue' })).toThrow(/IMAGE_JOBS: the queue lives in PostgreSQL/);
    expect(() => load({ S3_URL: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(() => load({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => load({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/);
  });
});
