import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { dataUrl, studioUser } from './studio.ts';
import { createTestApp } from './test-app.ts';

/**
 * A bounded fuzz of every operation in the OpenAPI document (issue 12): NUL bytes, huge strings, wrong types,
 * missing fields, random path parameters, with and without a valid token. The app is the real one on PGlite
 * with the real image engine; images are either invalid (refused by validation, cheap) or a few real tiny ones.
 * Every answer must be below 500.
 */

const TOTAL_REQUESTS = 1200;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maxLength?: number;
  minLength?: number;
  nullable?: boolean;
  $ref?: string;
  default?: unknown;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** mulberry32: a small seeded generator, so that a failure can be replayed with FUZZ_SEED. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)] as T;
    },
    chance: (probability: number) => next() < probability,
  };
}

let handle: Awaited<ReturnType<typeof createTestApp>>;
let document: OpenApiDocument;
const tokens: Record<'none' | 'user' | 'staff' | 'garbage', Record<string, string>> = {
  none: {},
  user: {},
  staff: {},
  garbage: { authorization: 'Bearer not.a.token' },
};
let tinyImages: string[] = [];

beforeAll(async () => {
  handle = await createTestApp('pglite');
  const ctx = handle.context;
  document = ctx.app.swagger() as unknown as OpenApiDocument;
  const user = await studioUser(ctx, { credits: 500, plan: 'pro' });
  tokens.user = user.headers;
  const staff = await studioUser(ctx, { credits: 500, plan: 'free' });
  await ctx.db.update(users).set({ isStaff: true, isSuperuser: true }).where(eq(users.id, staff.id));
  tokens.staff = staff.headers;
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 180, b: 160 } } }).png().toBuffer();
  const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#886644' } }).jpeg().toBuffer();
  tinyImages = [
    dataUrl(await png(1, 1), 'image/png'),
    dataUrl(await png(3, 2), 'image/png'),
    dataUrl(jpeg),
    dataUrl(jpeg.subarray(0, Math.floor(jpeg.length / 2))), // truncated
    dataUrl(Buffer.from('not an image at all'), 'image/png'), // corrupt
  ];
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

function resolve(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(document.components?.schemas?.[name]);
  }
  return schema;
}

const NASTY_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x'.repeat(100_000),
  '\u0007bell',
  '../../etc/passwd',
  '%00',
  '💥'.repeat(50),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '',
  ' ',
  '\ud800',
  'null',
  '-1',
  '9'.repeat(40),
];
const WRONG_TYPES: unknown[] = [null, 42, -1.5, true, [], {}, ['a'], { a: '\u0000' }, 'string', 1e308];

/** A plausible value for a schema: what a client that read the contract would send. */
function plausible(schemaIn: JsonSchema | undefined, random: ReturnType<typeof generator>, depth = 0): unknown {
  const schema = resolve(schemaIn);
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return plausible(random.pick(variants), random, depth + 1);
  if (schema.allOf?.[0]) return plausible(schema.allOf[0], random, depth + 1);
  const type = Array.isArray(schema.type) ? random.pick(schema.type.filter((t) => t !== 'null')) : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) value[key] = plausible(property, random, depth + 1);
      return value;
    }
    case 'array': {
      const items = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : null);
      if (items) return items.map((item) => plausible(item, random, depth + 1));
      return [plausible(schema.items as JsonSchema | undefined, random, depth + 1)];
    }
    case 'integer':
      return Math.max(schema.minimum ?? 1, 1);
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return random.chance(0.5);
    case 'string': {
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uuid') return '3f1c7a52-8a52-4b8a-9a3e-2d1f0c9b7e11';
      if (schema.format === 'uri') return 'https://example.com/room.jpg';
      if ((schema.maxLength ?? 0) > 1_000_000 || (schema.minLength ?? 0) >= 100) return random.pick(tinyImages);
      return random.pick(['sofa', 'bohemian', 'fuzz', 'a'.repeat(Math.min(schema.maxLength ?? 8, 8))]);
    }
    default:
      return 'value';
  }
}

/** The plausible body with one thing wrong (or, now and then, nothing wrong). */
function mutate(value: unknown, random: ReturnType<typeof generator>): unknown {
  const roll = random.next();
  if (roll < 0.08) return random.pick(WRONG_TYPES);
  if (roll < 0.12) return value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(record);
    if (keys.length === 0 || random.chance(0.1)) {
      record[random.pick(['extra', '\u0000', '__proto__', 'constructor'])] = random.pick(NASTY_STRINGS);
      return record;
    }
    const key = random.pick(keys);
    const action = random.int(4);
    if (action === 0) delete record[key];
    else if (action === 1) record[key] = random.pick(NASTY_STRINGS);
    else if (action === 2) record[key] = random.pick(WRONG_TYPES);
    else record[key] = mutate(record[key], random);
    return record;
  }
  if (Array.isArray(value)) return random.chance(0.5) ? [] : value.map((item) => mutate(item, random));
  if (typeof value === 'string') return random.chance(0.5) ? random.pick(NASTY_STRINGS) : `${value}\u0000`;
  return random.pick(WRONG_TYPES);
}

function pathValue(schema: JsonSchema | undefined, random: ReturnType<typeof generator>): string {
  const roll = random.next();
  if (roll < 0.3) return random.pick(['%00', 'a%00b', '%07', '%ZZ', '..%2F..%2F', 'x'.repeat(5000), '-1', '0', '1e9']);
  if (roll < 0.5) return encodeURIComponent(random.pick(NASTY_STRINGS.filter((value) => value !== '\ud800')).slice(0, 2000));
  return encodeURIComponent(String(plausible(schema, random)));
}

function multipart(fields: Record<string, JsonSchema>, random: ReturnType<typeof generator>) {
  const boundary = `----fuzz${random.int(1e9)}`;
  const parts: Buffer[] = [];
  for (const [name] of Object.entries(fields)) {
    if (random.chance(0.2)) continue;
    const file = random.chance(0.5);
    const content = file
      ? Buffer.from(random.pick(tinyImages).split(',')[1] ?? '', 'base64')
      : Buffer.from(random.pick([...NASTY_STRINGS.slice(0, 8), 'bohemian']));
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="room.png"\r\nContent-Type: image/png' : ''}\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

it(
  `answers ${TOTAL_REQUESTS} fuzzed requests over every operation of the OpenAPI document without a 5xx`,
  async () => {
    const random = generator(SEED);
    const operations: Array<{ path: string; method: string; operation: Operation }> = [];
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods))
        if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) operations.push({ path, method, operation });
    expect(operations.length).toBeGreaterThan(50);

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const startedAt = Date.now();
    for (let index = 0; index < TOTAL_REQUESTS; index += 1) {
      const { path, method, operation } = operations[index % operations.length] as (typeof operations)[number];
      const parameters = operation.parameters ?? [];
      let url = path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
        pathValue(parameters.find((parameter) => parameter.name === name)?.schema, random),
      );
      const query = parameters
        .filter((parameter) => parameter.in === 'query' && (parameter.required || random.chance(0.6)))
        .map((parameter) => {
          const value = random.chance(0.4) ? random.pick(NASTY_STRINGS.slice(0, 8)) : String(plausible(parameter.schema, random));
          return `${encodeURIComponent(parameter.name)}=${encodeURIComponent(value.slice(0, 3000)).replace(/%EF%BF%BD/g, '')}`;
        });
      if (random.chance(0.1)) query.push(`stray=${random.pick(['%00', '%ZZ', 'a%00'])}`);
      if (query.length > 0) url += `?${query.join('&')}`;

      const headers: Record<string, string> = { ...tokens[random.pick(['none', 'user', 'user', 'staff', 'garbage'] as const)] };
      let payload: string | Buffer | undefined;
      const content = operation.requestBody?.content ?? {};
      if (content['multipart/form-data']) {
        const fields = resolve(content['multipart/form-data'].schema).properties ?? { file: {} };
        const body = multipart(fields, random);
        payload = body.payload;
        headers['content-type'] = body.contentType;
      } else if (content['application/json'] || method !== 'get') {
        const roll = random.next();
        if (roll < 0.05) {
          payload = random.pick(['{"a":', '\u0000', '[]', 'null', '"\\u0000"', '{"__proto__":{"x":1}}']);
        } else if (roll > 0.1) {
          payload = JSON.stringify(mutate(plausible(content['application/json']?.schema, random), random));
        }
        if (payload !== undefined) headers['content-type'] = 'application/json';
      }

      let statusCode: number;
      try {
        const response = await handle.context.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers,
          ...(payload === undefined ? {} : { payload }),
          remoteAddress: `10.9.${random.int(250)}.${random.int(250)}`,
        });
        statusCode = response.statusCode;
        if (statusCode >= 500) failures.push(`${statusCode} ${method.toUpperCase()} ${url.slice(0, 200)} ${String(payload ?? '').slice(0, 200)} -> ${response.body.slice(0, 300)}`);
      } catch (error) {
        statusCode = 599;
        failures.push(`threw ${method.toUpperCase()} ${url.slice(0, 200)}: ${String(error)}`);
      }
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    const distribution = Object.fromEntries([...statuses.entries()].sort(([a], [b]) => a - b));
    console.info(
      `fuzz: ${TOTAL_REQUESTS} requests over ${operations.length} operations in ${((Date.now() - startedAt) / 1000).toFixed(1)} s, seed ${SEED}; statuses ${JSON.stringify(distribution)}`,
    );
    expect(failures).toEqual([]);
  },
  180_000,
);
