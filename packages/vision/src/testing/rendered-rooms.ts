/**
 * Rooms rendered by Blender with exact label passes and the true camera (`assets/rooms/render_labelled_rooms.py`):
 * a small sample is committed beside this file (`rendered-rooms/`), the rest is made by `npm run assets:rooms`
 * into `assets/rooms/out/`. Tests, eval and training only: no product module imports it.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { RgbImage } from '../image.ts';
import { decodeImage } from '../image.ts';
import { ROOM_LABEL } from '../room/types.ts';

/** The committed sample (seven of the validation seeds: rooms the wall model was not trained on). */
export const RENDERED_SAMPLE_DIR = fileURLToPath(new URL('./rendered-rooms', import.meta.url));
/** Where `npm run assets:rooms` writes the full set. */
export const RENDERED_ROOMS_DIR = fileURLToPath(new URL('../../../../assets/rooms/out', import.meta.url));

/** Rendered rooms with seeds up to this one are never trained on (the committed sample is seeds 1-6, 15 and 19 of them). */
export const VALIDATION_SEEDS = 30;

/** A room photo with known answers: what the room model's evaluation compares against. */
export interface KnownRoom {
  readonly image: RgbImage;
  /** ROOM_LABEL codes per pixel (floor, wall, ceiling, opening, object). */
  readonly labels: Uint8Array;
  readonly camera: { readonly focalPx: number; readonly pitch: number; readonly heightM: number };
  /** Image row of the horizon at the centre column. */
  readonly horizonY: number;
}

/**
 * Share of the truth's floor, wall and ceiling pixels given the same class by `predicted` (ROOM_LABEL codes at the
 * photo's size); openings and objects on either side count as wall, as the room model's evaluations always have.
 */
export function surfaceAccuracy(truth: Uint8Array, predicted: Uint8Array): number {
  let ok = 0;
  let n = 0;
  for (let i = 0; i < truth.length; i++) {
    const t = truth[i]!;
    if (t > ROOM_LABEL.ceiling) continue;
    n++;
    if ((predicted[i]! > ROOM_LABEL.ceiling ? ROOM_LABEL.wall : predicted[i]!) === t) ok++;
  }
  return n ? ok / n : 1;
}

export interface RenderedRoom extends KnownRoom {
  readonly seed: number;
  /** The generator's choices: wall and floor finish, cornice, light, furniture count. */
  readonly room: Readonly<Record<string, unknown>>;
}

interface RenderTruth {
  seed: number;
  width: number;
  height: number;
  focalPx: number;
  pitchDeg: number;
  heightM: number;
  horizon: { yCentre: number };
  room: Record<string, unknown>;
}

/** The seeds rendered in `dir` (those whose photo, labels and camera are all there), ascending. */
export async function renderedSeeds(dir: string): Promise<number[]> {
  if (!existsSync(dir)) return [];
  const names = new Set(await readdir(dir));
  return [...names]
    .map((n) => /^room-(\d+)\.json$/.exec(n))
    .filter((m): m is RegExpExecArray => m !== null)
    .filter((m) => names.has(`room-${m[1]}.labels.png`) && (names.has(`room-${m[1]}.png`) || names.has(`room-${m[1]}.jpg`)))
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

export async function loadRenderedRoom(dir: string, seed: number): Promise<RenderedRoom> {
  const stem = `${dir}/room-${String(seed).padStart(4, '0')}`;
  const truth = JSON.parse(await readFile(`${stem}.json`, 'utf8')) as RenderTruth;
  const photo = existsSync(`${stem}.png`) ? `${stem}.png` : `${stem}.jpg`;
  const image = await decodeImage(await readFile(photo));
  const raw = await sharp(`${stem}.labels.png`).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  if (raw.info.width !== image.width || raw.info.height !== image.height || image.width !== truth.width) {
    throw new Error(`${stem}: photo, labels and camera disagree on the size`);
  }
  return {
    seed,
    image,
    labels: new Uint8Array(raw.data),
    camera: { focalPx: truth.focalPx, pitch: truth.pitchDeg, heightM: truth.heightM },
    horizonY: truth.horizon.yCentre,
    room: truth.room,
  };
}
