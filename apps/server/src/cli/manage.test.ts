import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { adminAuditLog, creditLedger, users } from '../db/schema.ts';
import { ensurePgliteTemplate } from '../../test/test-database.ts';

const run = promisify(execFile);
const manageScript = fileURLToPath(new URL('./manage.ts', import.meta.url));

async function newDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-cli-'));
  cpSync(await ensurePgliteTemplate(), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

async function manage(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', manageScript, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('management CLI', () => {
  it('creates a user, sets the plan and grants credits through the ledger, on the server database', async () => {
    const dataDir = await newDataDir();
    const created = await manage(
      dataDir,
      'create-user',
      '--email',
      'Stager@Example.com',
      '--username',
      'stager',
      '--password',
      'correct horse',
      '--verified',
      '--staff',
      '--credits',
      '4',
      '--plan',
      'paid',
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created user');
    expect((await manage(dataDir, 'set-plan', '--email', 'stager@example.com', '--plan', 'pro')).code).toBe(0);
    const granted = await manage(dataDir, 'grant-credits', '--email', 'stager@example.com', '--amount', '6');
    expect(granted.stdout).toContain('balance 10');
    const overdraw = await manage(dataDir, 'grant-credits', '--email', 'stager@example.com', '--amount=-11');
    expect(overdraw.code).toBe(1);
    expect(overdraw.stderr).toContain('Insufficient credits');

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    const [user] = await database.db.select().from(users).where(eq(users.username, 'stager'));
    expect(user).toMatchObject({
      email: 'Stager@Example.com',
      plan: 'pro',
      credits: 10,
      isVerified: true,
      isStaff: true,
      isSuperuser: false,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const ledger = await database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, user?.id ?? -1));
    expect(ledger.map((row) => [row.delta, row.balanceAfter])).toEqual([
      [4, 4],
      [6, 10],
    ]);
    await database.close();
  }, 60_000);

  it('makes and unmakes staff and admins by e-mail, each change in the audit log', async () => {
    const dataDir = await newDataDir();
    // Checked before the database opens: a typo fails at once.
    expect((await manage(dataDir, 'unset-staff', '--email', 'ops@example.com', '--superuser')).stderr).toContain(
      'unset-staff takes no --superuser',
    );
    const created = await manage(dataDir, 'create-user', '--email', 'boss@example.com', '--username', 'boss', '--password', 'correct horse');
    expect(created.code, created.stderr).toBe(0);
    const admin = await manage(dataDir, 'set-staff', '--email', 'boss@example.com', '--superuser');
    expect(admin.code, admin.stderr).toBe(0);
    expect(admin.stdout).toContain('boss@example.com is now staff and an admin');
    const unset = await manage(dataDir, 'unset-staff', '--email', 'boss@example.com');
    expect(unset.stdout).toContain('boss@example.com is now not staff');

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    const [row] = await database.db.select().from(users).where(eq(users.username, 'boss'));
    expect(row).toMatchObject({ isStaff: false, isSuperuser: false });
    const audit = await database.db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
    expect(audit.map((entry) => [entry.actorId, entry.targetUserId, entry.action, entry.details])).toEqual([
      [null, row?.id, 'staff_granted', { via: 'manage CLI', superuser: true }],
      [null, row?.id, 'staff_revoked', { via: 'manage CLI', superuser: false }],
    ]);
    await database.close();
  }, 60_000);

  it('refuses bad input with a clear message and usage', async () => {
    const dataDir = await newDataDir();
    const missing = await manage(dataDir, 'create-user', '--email', 'x@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--username is required');
    const badPlan = await manage(
      dataDir,
      'create-user',
      '--email',
      'x@example.com',
      '--username',
      'x',
      '--password',
      'p',
      '--plan',
      'gold',
    );
    expect(badPlan.stderr).toContain('--plan must be one of free, paid, pro');
    const unknown = await manage(dataDir, 'delete-everything');
    expect(unknown.stderr).toContain('Unknown command: delete-everything');
    const noUser = await manage(dataDir, 'grant-credits', '--email', 'nobody@example.com', '--amount', '1');
    expect(noUser.stderr).toContain('No user with e-mail nobody@example.com');
  }, 60_000);

  it('will not open the embedded database while the server holds it', async () => {
    const dataDir = await newDataDir();
    // The test runner itself is a live process standing in for the server.
    writeFileSync(path.join(dataDir, 'db.lock'), `${process.pid} server\n`);
    const locked = await manage(dataDir, 'set-plan', '--email', 'a@example.com', '--plan', 'pro');
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain(`in use by the server (pid ${process.pid})`);
  }, 60_000);
});
