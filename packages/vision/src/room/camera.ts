/**
 * The camera conventions shared by the room model, its estimator and the synthetic room renderer.
 *
 * World (room) axes: X and Z horizontal along the room's walls, Y up; the camera sits at the origin. Camera
 * coordinates: x right, y down, z forward (the image's own axes). A world vector w has camera coordinates
 * (w . right, w . down, w . forward). Pitch is positive when the camera looks down, roll positive clockwise in the
 * image, yaw turns the camera about Y (0 = looking along +Z).
 */
export type Vec3 = readonly [number, number, number];

export interface CameraPose {
  readonly right: Vec3;
  readonly down: Vec3;
  readonly forward: Vec3;
}

export function cameraPose(pitch: number, roll: number, yaw: number): CameraPose {
  const cs = Math.cos(yaw);
  const sn = Math.sin(yaw);
  const cp = Math.cos(pitch);
  const sp = Math.sin(pitch);
  const forward: Vec3 = [sn * cp, -sp, cs * cp];
  const right0: Vec3 = [cs, 0, -sn];
  const down0: Vec3 = [-sn * sp, -cp, -cs * sp];
  const cr = Math.cos(roll);
  const sr = Math.sin(roll);
  const right: Vec3 = [cr * right0[0] + sr * down0[0], cr * right0[1] + sr * down0[1], cr * right0[2] + sr * down0[2]];
  const down: Vec3 = [-sr * right0[0] + cr * down0[0], -sr * right0[1] + cr * down0[1], -sr * right0[2] + cr * down0[2]];
  return { right, down, forward };
}

export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Camera coordinates of a world vector. */
export function toCamera(pose: CameraPose, w: Vec3): Vec3 {
  return [dot(w, pose.right), dot(w, pose.down), dot(w, pose.forward)];
}

/** World vector of camera coordinates. */
export function toWorld(pose: CameraPose, c: Vec3): Vec3 {
  const { right: r, down: d, forward: f } = pose;
  return [
    c[0] * r[0] + c[1] * d[0] + c[2] * f[0],
    c[0] * r[1] + c[1] * d[1] + c[2] * f[1],
    c[0] * r[2] + c[1] * d[2] + c[2] * f[2],
  ];
}

/** Homogeneous image point (x, y, w) of a camera-coordinates direction; w = 0 is a point at infinity. */
export function vanishingPoint(c: Vec3, focal: number, cx: number, cy: number): Vec3 {
  return [focal * c[0] + cx * c[2], focal * c[1] + cy * c[2], c[2]];
}

/**
 * The horizon (image of every horizontal direction) as a line a x + b y + c = 0 in image pixels: the back-projected
 * ray (x - cx, y - cy, f) has no world-up component there.
 */
export function horizonLine(pose: CameraPose, focal: number, cx: number, cy: number): Vec3 {
  const a = pose.right[1];
  const b = pose.down[1];
  const c = focal * pose.forward[1] - a * cx - b * cy;
  return [a, b, c];
}
