import { readdir, readFile } from 'node:fs/promises';
import { FIXTURES_DIR } from '../../src/testing/fixtures.ts';
import type { GroundTruth } from './detection-metrics.ts';

export interface AnnotatedFixture {
  file: string;
  path: string;
  truth: GroundTruth[];
}

/** Every photo with hand-made COCO boxes (`ann/<stem>.boxes.json`). */
export async function annotatedFixtures(): Promise<AnnotatedFixture[]> {
  const ann = (await readdir(`${FIXTURES_DIR}/ann`)).filter((f) => f.endsWith('.boxes.json') && !f.includes('approx'));
  const photos = await readdir(FIXTURES_DIR);
  const out: AnnotatedFixture[] = [];
  for (const a of ann.sort()) {
    const stem = a.replace('.boxes.json', '');
    const file = photos.find((p) => p.startsWith(stem + '.'));
    if (!file) continue;
    const truth = JSON.parse(await readFile(`${FIXTURES_DIR}/ann/${a}`, 'utf8')) as GroundTruth[];
    out.push({ file, path: `${FIXTURES_DIR}/${file}`, truth });
  }
  return out;
}
