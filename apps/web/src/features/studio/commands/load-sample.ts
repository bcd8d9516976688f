import { loadImage } from '../state/actions.ts';
import { toImageData, toStudioImage } from '../utils/image-files.ts';
import { defineCommand } from './command.ts';

/** The sample room of demo mode, shipped with the app. */
export const loadSampleCommand = defineCommand({
  name: 'loadSample',
  check: (_ctx, src: string) => ({ src }),
  busy: () => ({ kind: 'load', message: 'Loading the sample room…' }),
  call: async (_ctx, { src }) => {
    const image = await toStudioImage(src);
    return { ...image, src: await toImageData(image) };
  },
  result: (ctx, _plan, image) => ctx.run(loadImage, { image, demo: true }),
});
