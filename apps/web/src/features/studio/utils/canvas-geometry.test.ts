import { describe, expect, it } from 'vitest';
import { canvasToNatural, detectionAt, fitCanvas, naturalToCanvas } from './canvas-geometry.ts';

describe('canvas fit', () => {
  it('fits a 1920x1280 photo in 900 px of width in a wide container', () => {
    expect(fitCanvas({ width: 1920, height: 1280 }, 1400)).toEqual({ width: 900, height: 600, scale: 900 / 1920 });
  });

  it('is bounded by 600 px of height for a portrait photo', () => {
    const fit = fitCanvas({ width: 3024, height: 4032 }, 1400);
    expect(fit.height).toBe(600);
    expect(fit.width).toBe(450);
  });

  it('follows a narrow container minus 40 px (a phone)', () => {
    const fit = fitCanvas({ width: 1920, height: 1280 }, 390);
    expect(fit.width).toBe(350);
    expect(fit.height).toBe(233);
  });

  it('does not enlarge a small image', () => {
    expect(fitCanvas({ width: 640, height: 480 }, 1400)).toEqual({ width: 640, height: 480, scale: 1 });
  });
});

describe('canvas to natural pixels', () => {
  const natural = { width: 1920, height: 1280 };
  const display = fitCanvas(natural, 1400);

  it('maps the centre, the corners and back', () => {
    expect(canvasToNatural({ x: 450, y: 300 }, display, natural)).toEqual({ x: 960, y: 640 });
    expect(canvasToNatural({ x: 0, y: 0 }, display, natural)).toEqual({ x: 0, y: 0 });
    expect(canvasToNatural({ x: 900, y: 600 }, display, natural)).toEqual({ x: 1919, y: 1279 });
    expect(naturalToCanvas({ x: 960, y: 640 }, display, natural)).toEqual({ x: 450, y: 300 });
  });

  it('maps exactly on a rounded display size', () => {
    const odd = { width: 1999, height: 1333 };
    const fit = fitCanvas(odd, 1400);
    const point = canvasToNatural({ x: fit.width / 3, y: fit.height / 3 }, fit, odd);
    expect(point).toEqual({ x: Math.round(1999 / 3), y: Math.round(1333 / 3) });
  });

  it('clamps clicks outside the image to its edge', () => {
    expect(canvasToNatural({ x: -5, y: 700 }, display, natural)).toEqual({ x: 0, y: 1279 });
  });
});

describe('detection under a click', () => {
  const sofa = { id: 'sofa', bbox: [100, 200, 700, 600] as [number, number, number, number] };
  const cushion = { id: 'cushion', bbox: [150, 250, 250, 320] as [number, number, number, number] };
  it('picks the smallest box that contains the point, or none', () => {
    expect(detectionAt([sofa, cushion], { x: 200, y: 300 })?.id).toBe('cushion');
    expect(detectionAt([sofa, cushion], { x: 600, y: 500 })?.id).toBe('sofa');
    expect(detectionAt([sofa, cushion], { x: 50, y: 50 })).toBeNull();
  });
});
