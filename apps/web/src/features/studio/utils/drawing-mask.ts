import type { DrawTool, Stroke } from '../state/editor-state.ts';

/**
 * The mask the drawing calls send (the IOPaint convention): one image at the photo's natural size, white where
 * the user painted with the given tool, black elsewhere, as a PNG data URL.
 */
export function renderStrokeMask(strokes: Stroke[], tool: DrawTool, size: { width: number; height: number }): string | null {
  const used = strokes.filter((stroke) => stroke.tool === tool && stroke.points.length >= 2);
  if (used.length === 0) return null;
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#000';
  context.fillRect(0, 0, size.width, size.height);
  context.strokeStyle = '#fff';
  context.fillStyle = '#fff';
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of used) {
    const [x0 = 0, y0 = 0] = stroke.points;
    context.lineWidth = stroke.width;
    context.beginPath();
    context.moveTo(x0, y0);
    if (stroke.points.length === 2) {
      // A single click is a dot.
      context.arc(x0, y0, stroke.width / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    for (let i = 2; i + 1 < stroke.points.length; i += 2) context.lineTo(stroke.points[i] ?? x0, stroke.points[i + 1] ?? y0);
    context.stroke();
  }
  return canvas.toDataURL('image/png');
}

export function hasStrokes(strokes: Stroke[], tool: DrawTool): boolean {
  return strokes.some((stroke) => stroke.tool === tool && stroke.points.length >= 2);
}
