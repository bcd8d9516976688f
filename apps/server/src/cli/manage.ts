import { parseArgs } from 'node:util';
import { AUDIT_ACTIONS, PLAN_KEYS, type PlanKey } from '@stagecraft/contracts';
import { createAdminRepository } from '../areas/admin/repository.ts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword } from '../areas/auth/passwords.ts';
import { createUsersRepository } from '../areas/auth/users-repository.ts';
import { applyCreditChange } from '../areas/billing/credit-ledger.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.ts';
import { databaseTarget, openDatabase, type Database } from '../db/database.ts';
import { users as usersTable } from '../db/schema.ts';

/**
 * `npm run manage -- <command>`: account administration against the same database the server uses
 * (DATA_DIR or DATABASE_URL).
 */
const USAGE = `Usage: npm run manage -- <command> [options]

Commands:
  create-user   --email E --username U --password P [--verified] [--staff] [--superuser] [--credits N] [--plan free|paid|pro]
  set-plan      --email E --plan free|paid|pro
  grant-credits --email E --amount N
  set-staff     --email E [--superuser]   make staff (with --superuser: an admin, who can make staff in the console)
  unset-staff   --email E                 no longer staff nor admin; tokens already issued lose access at once
`;

class UsageError extends Error {}

const planSchema = z.enum(PLAN_KEYS);
const emailSchema = z.email();

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

function parsePlan(value: string): PlanKey {
  const plan = planSchema.safeParse(value);
  if (!plan.success) throw new UsageError(`--plan must be one of ${PLAN_KEYS.join(', ')}`);
  return plan.data;
}

function parseEmail(value: string): string {
  if (!emailSchema.safeParse(value).success) throw new UsageError(`--email is not an e-mail address: ${value}`);
  return value;
}

function parseInteger(value: string, name: string, { allowNegative }: { allowNegative: boolean }): number {
  if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  const number = Number(value);
  if (!allowNegative && number < 0) throw new UsageError(`--${name} must not be negative`);
  return number;
}

function parseOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        email: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        verified: { type: 'boolean' },
        staff: { type: 'boolean' },
        superuser: { type: 'boolean' },
        credits: { type: 'string' },
        plan: { type: 'string' },
        amount: { type: 'string' },
      },
      strict: true,
    });
  } catch (error) {
    // A negative amount must be written --amount=-5, or parseArgs reads -5 as an option.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

type Operation = (db: Database) => Promise<string>;

const describeRole = (role: { isStaff: boolean; isSuperuser: boolean }) =>
  role.isSuperuser ? 'staff and an admin' : role.isStaff ? 'staff' : 'not staff';

/** Checks the command and its options before the database is opened, so a typo fails at once. */
function prepare(command: string, args: string[]): Operation {
  const { values } = parseOptions(args);
  const findUser = async (db: Database, email: string) => {
    const user = await createUsersRepository(db).findByEmail(email);
    if (!user) throw new UsageError(`No user with e-mail ${email}`);
    return user;
  };

  switch (command) {
    case 'create-user': {
      const email = parseEmail(required(values, 'email'));
      const username = required(values, 'username');
      const password = required(values, 'password');
      const plan = values.plan === undefined ? 'free' : parsePlan(values.plan);
      const credits = values.credits === undefined ? 0 : parseInteger(values.credits, 'credits', { allowNegative: false });
      return async (db) => {
        const users = createUsersRepository(db);
        if (await users.findByEmail(email)) throw new UsageError(`A user with e-mail ${email} already exists`);
        if (await users.findByUsername(username)) throw new UsageError(`A user named ${username} already exists`);
        const user = await users.insert({
          email,
          username,
          passwordHash: await hashPassword(password),
          isVerified: values.verified === true,
          isStaff: values.staff === true || values.superuser === true,
          isSuperuser: values.superuser === true,
          plan,
        });
        if (credits > 0)
          await applyCreditChange(db, user.id, { delta: credits, reason: 'admin_grant', reference: 'cli:create-user' });
        const flags = [user.isVerified && 'verified', user.isStaff && 'staff', user.isSuperuser && 'superuser'].filter(Boolean);
        return `Created user ${user.id} ${username} <${email}> (plan ${plan}, ${credits} credits${flags.length ? `, ${flags.join(', ')}` : ''})`;
      };
    }
    case 'set-plan': {
      const email = parseEmail(required(values, 'email'));
      const plan = parsePlan(required(values, 'plan'));
      return async (db) => {
        const user = await findUser(db, email);
        await createUsersRepository(db).setPlan(user.id, plan);
        return `Plan of ${user.email} is now ${plan}`;
      };
    }
    case 'grant-credits': {
      const email = parseEmail(required(values, 'email'));
      const amount = parseInteger(required(values, 'amount'), 'amount', { allowNegative: true });
      if (amount === 0) throw new UsageError('--amount must not be 0');
      return async (db) => {
        const user = await findUser(db, email);
        const balance = await applyCreditChange(db, user.id, {
          delta: amount,
          reason: 'admin_grant',
          reference: 'cli:grant-credits',
        });
        return `${amount > 0 ? 'Granted' : 'Took'} ${Math.abs(amount)} credits ${amount > 0 ? 'to' : 'from'} ${user.email}; balance ${balance}`;
      };
    }
    case 'set-staff':
    case 'unset-staff': {
      const email = parseEmail(required(values, 'email'));
      const makeStaff = command === 'set-staff';
      if (!makeStaff && values.superuser !== undefined) throw new UsageError('unset-staff takes no --superuser');
      const superuser = makeStaff && values.superuser === true;
      return async (db) => {
        const user = await findUser(db, email);
        // unset-staff takes admin rights too: an admin is always staff (the console's rule).
        const next = { isStaff: makeStaff, isSuperuser: makeStaff ? user.isSuperuser || superuser : false };
        if (next.isStaff === user.isStaff && next.isSuperuser === user.isSuperuser)
          return `${user.email} is already ${describeRole(next)}; nothing changed`;
        await db.transaction(async (tx) => {
          await tx.update(usersTable).set(next).where(eq(usersTable.id, user.id));
          // The console's audit log shows changes made here too; no staff member made them (actor empty).
          await createAdminRepository(tx).insertAudit({
            actorId: null,
            targetUserId: user.id,
            action: makeStaff ? AUDIT_ACTIONS.staffGranted : AUDIT_ACTIONS.staffRevoked,
            details: { via: 'manage CLI', superuser: next.isSuperuser },
          });
        });
        return `${user.email} is now ${describeRole(next)}`;
      };
    }
    default:
      throw new UsageError(`Unknown command: ${command}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === 'help') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  const operation = prepare(command, args);
  const config = loadConfig();
  const target = databaseTarget(config);
  const releaseLock = target.kind === 'pglite' ? acquireDataDirLock(config.dataDir, 'manage CLI') : () => {};
  const database = await openDatabase(target);
  try {
    await database.migrate();
    console.log(await operation(database.db));
    return 0;
  } finally {
    await database.close();
    releaseLock();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Error: ${error.message}`);
    if (error instanceof UsageError) process.stderr.write(`\n${USAGE}`);
  } else if (error instanceof Error && error.name === 'InsufficientCreditsError') {
    console.error(`Error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
