import { BRANDED_DOWNLOAD_STAGGER_MS, type BrandedExport } from '@stagecraft/contracts';
import { downloadUrl } from './alerts.ts';

/** Every export downloaded one after another, 0.5 s apart (001 section 9), so the browser allows them all. */
export function downloadAll(
  exports: BrandedExport[],
  download = downloadUrl,
  wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  return exports.reduce<Promise<void>>(
    (previous, item, index) =>
      previous.then(async () => {
        if (index > 0) await wait(BRANDED_DOWNLOAD_STAGGER_MS);
        download(item.branded_image, `branded-${item.export_id.slice(0, 8)}.jpg`);
      }),
    Promise.resolve(),
  );
}
