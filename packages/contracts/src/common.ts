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
