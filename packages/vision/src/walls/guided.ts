/** Box mean of a float plane with an integral image (radius r, clamped at the borders). */
export function boxMean(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += src[y * w + x]!;
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1]! + row;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const sum =
        integral[y1 * (w + 1) + x1]! - integral[y0 * (w + 1) + x1]! - integral[y1 * (w + 1) + x0]! + integral[y0 * (w + 1) + x0]!;
      out[y * w + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/**
 * The linear coefficients of He et al.'s guided filter with a grey guide (output = a * guide + b): fitted at a
 * small size, they carry a mask's edges onto the full-size photo's edges.
 */
export function guidedCoefficients(
  guide: Float32Array,
  input: Float32Array,
  w: number,
  h: number,
  r: number,
  eps: number,
): { a: Float32Array; b: Float32Array } {
  const meanI = boxMean(guide, w, h, r);
  const meanP = boxMean(input, w, h, r);
  const ip = new Float32Array(w * h);
  const ii = new Float32Array(w * h);
  for (let i = 0; i < ip.length; i++) {
    ip[i] = guide[i]! * input[i]!;
    ii[i] = guide[i]! * guide[i]!;
  }
  const meanIP = boxMean(ip, w, h, r);
  const meanII = boxMean(ii, w, h, r);
  const a = new Float32Array(w * h);
  const b = new Float32Array(w * h);
  for (let i = 0; i < a.length; i++) {
    const variance = meanII[i]! - meanI[i]! * meanI[i]!;
    a[i] = (meanIP[i]! - meanI[i]! * meanP[i]!) / (variance + eps);
    b[i] = meanP[i]! - a[i]! * meanI[i]!;
  }
  return { a: boxMean(a, w, h, r), b: boxMean(b, w, h, r) };
}

const lumaOf = (data: Uint8Array, p: number): number => (data[p]! * 0.299 + data[p + 1]! * 0.587 + data[p + 2]! * 0.114) / 255;

/**
 * Work-size labels (small integer codes) at the full size of `image`, edges snapped to the photo's own: a guided
 * filter of each present label's indicator (grey guide `guide`, work size) is fitted once, and where neighbouring
 * work pixels disagree the label whose filtered indicator is highest at full size wins (coefficients interpolated
 * bilinearly); elsewhere the work label is copied. A 0/1 map thus becomes "indicator >= 0.5", the guided filter
 * being linear in its input.
 */
export function guidedUpsampleLabels(
  labels: Uint8Array,
  guide: Float32Array,
  ww: number,
  wh: number,
  image: { data: Uint8Array; width: number; height: number },
): Uint8Array {
  const { width: w, height: h, data: img } = image;
  const maxCode = labels.reduce((m, v) => Math.max(m, v), 0);
  const present = new Uint8Array(maxCode + 1);
  for (const v of labels) present[v] = 1;
  // Each label's indicator by a plain loop: Float32Array.from with a mapping function runs the iterator protocol
  // (~60 ns a pixel, ~30 ms a wall change).
  const indicator = (code: number): Float32Array => {
    const out = new Float32Array(labels.length);
    for (let i = 0; i < labels.length; i++) if (labels[i] === code) out[i] = 1;
    return out;
  };
  const coefficients = Array.from(present, (p, code) => (p ? guidedCoefficients(guide, indicator(code), ww, wh, 2, 1e-3) : null));
  const out = new Uint8Array(w * h);
  const sx = ww / w;
  const sy = wh / h;
  const candidates: number[] = [];
  // Each column's two work columns and weight, once: the same numbers the loop below would compute per pixel.
  const left = new Int32Array(w);
  const right = new Int32Array(w);
  const weight = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    const fx = Math.min(ww - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    left[x] = Math.floor(fx);
    right[x] = Math.min(ww - 1, left[x]! + 1);
    weight[x] = fx - left[x]!;
  }
  for (let y = 0; y < h; y++) {
    const fy = Math.min(wh - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(wh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const x0 = left[x]!;
      const x1 = right[x]!;
      const i00 = y0 * ww + x0;
      const i01 = y0 * ww + x1;
      const i10 = y1 * ww + x0;
      const i11 = y1 * ww + x1;
      const v = labels[i00]!;
      if (labels[i01] === v && labels[i10] === v && labels[i11] === v) {
        out[y * w + x] = v;
        continue;
      }
      const tx = weight[x]!;
      const grey = lumaOf(img, (y * w + x) * 3);
      candidates.length = 0;
      for (const code of [v, labels[i01]!, labels[i10]!, labels[i11]!]) if (!candidates.includes(code)) candidates.push(code);
      let best = v;
      let bestValue = -Infinity;
      for (const code of candidates) {
        const c = coefficients[code]!;
        const a = (c.a[i00]! * (1 - tx) + c.a[i01]! * tx) * (1 - ty) + (c.a[i10]! * (1 - tx) + c.a[i11]! * tx) * ty;
        const b = (c.b[i00]! * (1 - tx) + c.b[i01]! * tx) * (1 - ty) + (c.b[i10]! * (1 - tx) + c.b[i11]! * tx) * ty;
        const value = a * grey + b;
        if (value > bestValue) ((bestValue = value), (best = code));
      }
      out[y * w + x] = best;
    }
  }
  return out;
}
