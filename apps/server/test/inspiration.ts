import { INSPIRATION_ROUTES } from '@stagecraft/contracts';
import type { StudioTestUser } from './studio.ts';
import type { TestContext } from './test-app.ts';

type Field = string | { data: Buffer; type: string; name: string };

/** A multipart body as a browser's FormData sends it. */
export async function multipart(fields: Record<string, Field>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

export async function transform(ctx: TestContext, user: StudioTestUser, fields: Record<string, Field>, pathUserId = user.id) {
  const body = await multipart(fields);
  return ctx.app.inject({
    method: 'POST',
    url: INSPIRATION_ROUTES.transformRoom(pathUserId),
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
}

