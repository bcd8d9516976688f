/**
 * Levels a sprite rendered by a camera pitched down at the piece. Real-estate photos are taken with a level
 * camera (verticals stay vertical); the first library was rendered aiming at each piece, 14 to 20 degrees down,
 * so its verticals converge toward the floor. Turning a camera about its own centre is a homography of its
 * image, exact for every point of the scene: the sprite is re-projected as the level camera at the same spot
 * would have seen it. Sprites rendered level (pitch 0) pass through untouched.
 */

export interface PitchedCamera {
  /** Degrees below the horizontal the camera looked (positive = down). */
  pitchDeg: number;
  /** Camera height above the floor, and horizontal distance to the piece's footprint centre, in cm. */
  heightCm: number;
  distanceCm: number;
}

export interface LevelledSprite {
  width: number;
  height: number;
  rgba: Uint8Array;
  shadow: Uint8Array | null;
  contact: { x: number; y: number };
  pxPerCm: number;
}

/** Below this pitch the convergence stays under a pixel on a 448 px sprite: not worth a resample. */
const MIN_PITCH_DEG = 0.5;

/**
 * The intrinsics come from what the manifest records: the footprint centre (contact) lies straight ahead of the
 * camera horizontally (the renderer aims at the piece's centre), `heightCm` below it and `distanceCm` away, so its
 * depth along the optical axis is z = D cos(t) + H sin(t); `pxPerCm` measures 10 cm along the camera's horizontal
 * right vector at that depth, which gives the focal length f = pxPerCm * z, and the principal point sits
 * f * (H cos(t) - D sin(t)) / z above the contact.
 */
export function levelSprite(sprite: LevelledSprite, camera: PitchedCamera): LevelledSprite {
  if (!(Math.abs(camera.pitchDeg) >= MIN_PITCH_DEG)) return sprite;
  const t = (camera.pitchDeg * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const { heightCm: hc, distanceCm: dc } = camera;
  const depth = dc * cos + hc * sin;
  const f = sprite.pxPerCm * depth;
  const px = sprite.contact.x;
  const py = sprite.contact.y - (f * (hc * cos - dc * sin)) / depth;

  // Pitched pixel -> level pixel, both relative to the principal point.
  const forward = (u: number, v: number): [number, number] => {
    const x = (u - px) / f;
    const y = -(v - py) / f;
    const ry = y * cos - sin;
    const rz = y * sin + cos; // depth along the level axis
    return [(f * x) / rz, (-f * ry) / rz];
  };
  // The sprite must lie well below the level camera's horizon for the re-projection to be defined.
  const nearest = Math.min(...[0, sprite.height].map((v) => -((v - py) / f) * sin + cos));
  if (nearest < 0.2) return sprite;
  const corners = [
    forward(0, 0),
    forward(sprite.width, 0),
    forward(0, sprite.height),
    forward(sprite.width, sprite.height),
  ];
  const minX = Math.floor(Math.min(...corners.map((c) => c[0])));
  const maxX = Math.ceil(Math.max(...corners.map((c) => c[0])));
  const minY = Math.floor(Math.min(...corners.map((c) => c[1])));
  const maxY = Math.ceil(Math.max(...corners.map((c) => c[1])));
  const width = maxX - minX;
  const height = maxY - minY;

  const rgba = new Uint8Array(width * height * 4);
  const shadow = sprite.shadow ? new Uint8Array(width * height) : null;
  const src = sprite.rgba;
  const sw = sprite.width;
  const sh = sprite.height;
  for (let oy = 0; oy < height; oy++) {
    // Level pixel -> pitched pixel: the level ray (x', y', -1) in the pitched camera's axes.
    const yl = -(oy + 0.5 + minY) / f;
    const up = yl * cos + sin;
    const ahead = -yl * sin + cos;
    const v = py - (f * up) / ahead - 0.5;
    if (v < -1 || v > sh) continue;
    const y0 = Math.floor(v);
    const fy = v - y0;
    for (let ox = 0; ox < width; ox++) {
      const u = px + (ox + 0.5 + minX) / ahead - 0.5;
      if (u < -1 || u > sw) continue;
      const x0 = Math.floor(u);
      const fx = u - x0;
      // Bilinear on premultiplied colour, so transparent pixels do not bleed their (meaningless) colour in.
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let s = 0;
      for (let k = 0; k < 4; k++) {
        const xx = x0 + (k & 1);
        const yy = y0 + (k >> 1);
        if (xx < 0 || yy < 0 || xx >= sw || yy >= sh) continue;
        const w = ((k & 1) ? fx : 1 - fx) * ((k >> 1) ? fy : 1 - fy);
        const i = (yy * sw + xx) * 4;
        const wa = w * src[i + 3]!;
        r += wa * src[i]!;
        g += wa * src[i + 1]!;
        b += wa * src[i + 2]!;
        a += wa;
        if (sprite.shadow) s += w * sprite.shadow[yy * sw + xx]!;
      }
      const o = oy * width + ox;
      if (a > 0) {
        rgba[o * 4] = Math.round(r / a);
        rgba[o * 4 + 1] = Math.round(g / a);
        rgba[o * 4 + 2] = Math.round(b / a);
        rgba[o * 4 + 3] = Math.round(a);
      }
      if (shadow) shadow[o] = Math.round(s);
    }
  }
  const [cx, cy] = forward(sprite.contact.x, sprite.contact.y);
  // 10 cm along the horizontal right vector, at the contact's depth: a horizontal step in both images.
  const [rx] = forward(sprite.contact.x + 10 * sprite.pxPerCm, sprite.contact.y);
  return {
    width,
    height,
    rgba,
    shadow,
    contact: { x: cx - minX, y: cy - minY },
    pxPerCm: (rx - cx) / 10,
  };
}
