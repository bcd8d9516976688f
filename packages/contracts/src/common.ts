import { z } from 'zod';

/**
 * The one error shape of the API (DECISIONS.md "Contract"): always `detail`; field errors also as
 * `{field: [messages]}` and `non_field_errors`, which is what the spec's client reads.
 */
export const errorBody = z
  .object({
    detail: z.string(),
    non_field_errors: z.array(z.string()).optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * Upper bounds of the strings the API accepts. Every string a client sends has one, so that no request can
 * make the server hold (or hash, or compare) megabytes of text; image data URLs keep their own large limit.
 */
export const STRING_LIMITS = {
  /** RFC 5321's longest deliverable address. */
  email: 254,
  /** Django's username, first and last name limit. */
  name: 150,
  /** Long passphrases fit; the similarity check against name and e-mail stays cheap. */
  password: 256,
  /** Free text a person types (messages, descriptions). */
  text: 5000,
  /** Short labels and choices (types, sources, categories). */
  label: 100,
  /** Signed tokens (JWTs, OAuth codes). */
  token: 2048,
  /** Our own random ids: UUIDs (36), keys and tokens of 32 random bytes (43), media ids (22). */
  id: 64,
  /** JSON metadata beside an event, serialised. */
  metadataBytes: 4096,
} as const;

export const VALIDATION_MESSAGES = {
  required: 'This field is required.',
  nullCharacter: 'Null characters are not allowed.',
  controlCharacter: 'Control characters are not allowed.',
  invalidUnicode: 'Text must be valid Unicode.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
} as const;

// PostgreSQL cannot store NUL in text at all; the other C0 controls (and DEL) have no place in a name, an id
// or an e-mail, and only tab and line breaks belong in text a person writes.
const CONTROL_CHARACTERS = /[\u0001-\u001f\u007f]/;
const CONTROL_CHARACTERS_BUT_WHITESPACE = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// A JSON "\ud800" parses to half a UTF-16 pair: PostgreSQL's jsonb refuses it (a 500 if it got that far) and
// text columns would store a replacement character.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string holds a NUL or another control character that `safeString` refuses. */
export function unsafeCharacterMessage(value: string, options: { multiline?: boolean } = {}): string | null {
  if (value.includes('\u0000')) return VALIDATION_MESSAGES.nullCharacter;
  if (LONE_SURROGATE.test(value)) return VALIDATION_MESSAGES.invalidUnicode;
  const controls = options.multiline ? CONTROL_CHARACTERS_BUT_WHITESPACE : CONTROL_CHARACTERS;
  return controls.test(value) ? VALIDATION_MESSAGES.controlCharacter : null;
}

/**
 * The one string schema of every request field: at most `max` characters, no NUL, and no control characters
 * (tab and line breaks allowed when `multiline`). Chain `.trim()`, `.min()` and the like after it.
 */
export function safeString(max: number, options: { multiline?: boolean } = {}) {
  return z
    .string()
    .max(max, { error: VALIDATION_MESSAGES.tooLong(max), abort: true })
    .check(refuseControlCharacters(options));
}

/** The character check of `safeString`, for string formats (`z.email()`, `z.url()`) that keep their own type. */
export function refuseControlCharacters(options: { multiline?: boolean } = {}) {
  return (context: z.core.ParsePayload<string>) => {
    const message = unsafeCharacterMessage(context.value, options);
    if (message) context.issues.push({ code: 'custom', message, input: context.value, continue: false });
  };
}

/**
 * Free-form JSON beside an event (`metadata`): an object of at most `STRING_LIMITS.metadataBytes` once
 * serialised, with no NUL in any key or string (PostgreSQL's jsonb refuses it).
 */
export const jsonMetadata = z.record(safeString(STRING_LIMITS.label), z.unknown()).check((context) => {
  let serialised: string;
  try {
    serialised = JSON.stringify(context.value);
  } catch {
    context.issues.push({ code: 'custom', message: 'Expected JSON.', input: context.value });
    return;
  }
  if (serialised.length > STRING_LIMITS.metadataBytes) {
    context.issues.push({
      code: 'custom',
      message: `Ensure this field has no more than ${STRING_LIMITS.metadataBytes} characters of JSON.`,
      input: context.value,
    });
  } else {
    const message = unstorableStringMessage(context.value);
    if (message) context.issues.push({ code: 'custom', message, input: context.value });
  }
});

/** Why some key or string inside `value` cannot go into jsonb (a NUL or a lone surrogate), or null. */
function unstorableStringMessage(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return VALIDATION_MESSAGES.nullCharacter;
      if (LONE_SURROGATE.test(next)) return VALIDATION_MESSAGES.invalidUnicode;
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) pending.push(key, inner);
    }
  }
  return null;
}
