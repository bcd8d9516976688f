/** Box mean of a float plane with an integral image (radius r, clamped at the borders). */
function boxMean(src: Float32Array, w: number, h: number, r: number): Float32Array {
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
