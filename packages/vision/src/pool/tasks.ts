import { detectObjects, type Detection } from '../detect/detect.ts';
import type { RgbImage } from '../image.ts';
import { eraseArea, inpaint, removeObject } from '../inpaint/index.ts';
import type { Box } from '../mask.ts';

/** What a pool worker can run: plain data in, plain data out (images as encoded bytes or RGB pixels). */
export interface VisionTasks {
  detectObjects(image: Uint8Array | RgbImage): Promise<Detection[]>;
  inpaint(image: Uint8Array | RgbImage, mask: Uint8Array): Promise<RgbImage>;
  eraseArea(image: Uint8Array | RgbImage, mask: Uint8Array): Promise<RgbImage>;
  removeObject(image: Uint8Array | RgbImage, target: Box | Uint8Array): Promise<RgbImage>;
}

export const tasks: VisionTasks = {
  detectObjects: (image) => detectObjects(image),
  inpaint: (image, mask) => inpaint(image, mask),
  eraseArea: (image, mask) => eraseArea(image, mask),
  removeObject: (image, target) => removeObject(image, target),
};

export type TaskName = keyof VisionTasks;
