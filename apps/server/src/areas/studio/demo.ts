import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Detection } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { studioDemoResults } from '../../db/schema.ts';
import type { UserRow } from '../auth/users-repository.ts';
import type { MediaService } from '../media/service.ts';
import type { EngineJob, StudioEngine } from './engine.ts';
import { detectionBoxIn, readStudioImage, type StudioImage } from './images.ts';

/** The sample room of demo mode, as the web app ships it (`/images/studio/sample-room.jpg`). */
export const SAMPLE_ROOM_FILE = new URL('../../../../web/public/images/studio/sample-room.jpg', import.meta.url);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Demo mode costs nothing (issue 13): the tutorial's three steps on the sample room (detect, remove a detected
 * object, change the walls) are free. The server decides by the image's bytes, not by a flag of the client: an
 * image is a demo image when it is the sample itself (depth 0) or the result of an earlier demo step (its hash is
 * recorded). Each result is computed once and cached, keyed by input hash, step and argument; only the
 * detections the server found on the sample can be removed, so the free steps stay a small finite set.
 */
export function createDemoSteps(deps: { db: Database; media: MediaService; engine: StudioEngine }) {
  const { db, media, engine } = deps;
  let sampleHash: Promise<string | null> | null = null;
  const sample = () =>
    (sampleHash ??= readFile(SAMPLE_ROOM_FILE).then(
      (bytes) => sha256(bytes),
      () => null,
    ));

  /** How far from the sample this image is: 0 for the sample, the recorded depth for a demo result. */
  async function depthOf(image: StudioImage): Promise<{ hash: string; depth: number } | null> {
    const hash = sha256(image.bytes);
    if (hash === (await sample())) return { hash, depth: 0 };
    const [row] = await db
      .select({ depth: studioDemoResults.depth })
      .from(studioDemoResults)
      .where(eq(studioDemoResults.resultHash, hash))
      .limit(1);
    return row ? { hash, depth: row.depth } : null;
  }

  async function cached(key: string) {
    const [row] = await db.select().from(studioDemoResults).where(eq(studioDemoResults.key, key)).limit(1);
    return row ?? null;
  }

  /** Runs a step once for everyone; a second request for the same key (even at the same time) reads the first. */
  async function computeOnce(
    key: string,
    entry: { inputHash: string; action: string; depth: number },
    compute: () => Promise<{ file: Buffer; detections?: Detection[]; chainable: boolean }>,
  ) {
    const found = await cached(key);
    if (found) return found;
    const made = await compute();
    const stored = await media.save(null, made.file, 'image/jpeg');
    await db
      .insert(studioDemoResults)
      .values({
        key,
        ...entry,
        detections: made.detections ?? null,
        resultMediaId: stored.id,
        resultHash: made.chainable ? sha256(made.file) : null,
      })
      .onConflictDoNothing();
    const row = await cached(key);
    if (!row) throw new Error(`The demo result ${key} was not stored`);
    return row;
  }

  /** The user's own copy of a cached result, so that the next call can send its URL back as any result's. */
  async function copyFor(user: UserRow, mediaId: string | null): Promise<string> {
    if (!mediaId) throw new Error('A demo result has no image');
    const file = await media.readOwnerless(mediaId);
    return (await media.save(user.id, file, 'image/jpeg')).url;
  }

  async function sampleDetections(image: StudioImage, hash: string, job: EngineJob) {
    return computeOnce(`${hash}:detect`, { inputHash: hash, action: 'object_detection', depth: 0 }, async () => {
      const found = await engine.detectObjects(image.bytes, job);
      const detections: Detection[] = found.map((item) => ({ ...item, is_manual: false, is_replaced: false }));
      const boxes = detections.map((detection) => detection.bbox);
      return { file: await engine.annotateDetections(image.bytes, boxes, job), detections, chainable: false };
    });
  }

  const readImage = (user: UserRow, imageData: string) => readStudioImage(imageData, user.id, media);

  return {
    /** Detection on the sample itself; null when the image is not the sample. */
    async detect(user: UserRow, imageData: string, job: EngineJob) {
      const image = await readImage(user, imageData);
      const demo = await depthOf(image);
      if (demo?.depth !== 0) return null;
      const row = await sampleDetections(image, demo.hash, job);
      return { detections: (row.detections ?? []) as Detection[], annotatedImage: await copyFor(user, row.resultMediaId) };
    },

    /** Removal, on the sample, of an object the server detected there; null otherwise (a paid step). */
    async remove(user: UserRow, imageData: string, detection: Detection, job: EngineJob) {
      const image = await readImage(user, imageData);
      const demo = await depthOf(image);
      if (demo?.depth !== 0) return null;
      const detections = ((await sampleDetections(image, demo.hash, job)).detections ?? []) as Detection[];
      const known = detections.find((item) => item.bbox.every((value, index) => Math.abs(value - detection.bbox[index]!) < 0.5));
      if (!known) return null;
      const key = `${demo.hash}:removal:${known.bbox.join(',')}`;
      const row = await computeOnce(key, { inputHash: demo.hash, action: 'removal', depth: 1 }, async () => ({
        file: await engine.removeObject(image.bytes, detectionBoxIn(known.bbox, image), null, job),
        chainable: true,
      }));
      return { resultImage: await copyFor(user, row.resultMediaId) };
    },

    /** New walls on the sample or on a demo removal's result; null otherwise. */
    async changeWalls(user: UserRow, imageData: string, material: string, job: EngineJob) {
      const image = await readImage(user, imageData);
      const demo = await depthOf(image);
      if (!demo || demo.depth > 1) return null;
      const key = `${demo.hash}:walls:${material}`;
      const row = await computeOnce(key, { inputHash: demo.hash, action: 'wall_material_change', depth: demo.depth + 1 }, async () => ({
        file: await engine.changeWallMaterial(image.bytes, material, null, [], job),
        chainable: false,
      }));
      return { resultImage: await copyFor(user, row.resultMediaId) };
    },
  };
}
export type DemoSteps = ReturnType<typeof createDemoSteps>;
