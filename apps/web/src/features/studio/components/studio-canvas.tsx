import Box from '@mui/material/Box';
import { type Detection, MEDIA_URL_PATTERN } from '@stagecraft/contracts';
import type Konva from 'konva';
import { useEffect, useRef, useState } from 'react';
import { Circle, Group, Image as KonvaImage, Layer, Line, Rect, Stage, Text } from 'react-konva';
import type { DrawTool, Marker, StudioImage, StudioMode, Stroke } from '../state/editor-state.ts';
import { canvasToNatural, fitCanvas } from '../utils/canvas-geometry.ts';
import type { PieceOutline } from '../utils/piece-pose.ts';

/** Screen pixels of a drag on the rotation handle per 15-degree step. */
const HANDLE_PX_PER_STEP = 24;

/** Colours of the overlay: auto detections blue, manual marks amber, the selected one green. */
const BOX_COLOURS = { auto: '#2563eb', manual: '#d97706', selected: '#16a34a' } as const;
const STROKE_COLOURS: Record<DrawTool, string> = { add: 'rgba(22, 163, 74, 0.45)', erase: 'rgba(220, 38, 38, 0.45)' };

function useLoadedImage(src: string | undefined): HTMLImageElement | null {
  const [loaded, setLoaded] = useState<{ src: string; element: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (!src) return;
    let cancelled = false;
    const element = new window.Image();
    element.onload = () => {
      if (!cancelled) setLoaded({ src, element });
    };
    element.src = src;
    return () => {
      cancelled = true;
    };
  }, [src]);
  // Until the new image has decoded, the previous one stays on screen (no flash of an empty canvas).
  return loaded?.element ?? null;
}

/** The width the canvas may use: its container's, followed as the window or the layout changes. */
function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export interface StudioCanvasProps {
  image: StudioImage;
  mode: StudioMode;
  detections: Detection[];
  selectedDetectionId: Detection['id'] | null;
  markers: Marker[];
  strokes: Stroke[];
  drawTool: DrawTool;
  brushSize: number;
  disabled: boolean;
  onClick: (point: { x: number; y: number }) => void;
  onStrokeStart: (stroke: Stroke) => void;
  onStrokeExtend: (points: number[]) => void;
  /** The piece shown before it is placed: its box in the photo, and its rotation handle. */
  piecePreview?: PieceOutline | null;
  /** A drag on the rotation handle, in 15-degree steps. */
  onTurnPiece?: (steps: number) => void;
}

function describe(mode: StudioMode): string {
  switch (mode) {
    case 'detect':
      return 'Click an object to mark it with the chosen object type.';
    case 'place':
    case 'themed':
    case 'custom':
      return 'Click the floor where the piece should stand.';
    case 'draw':
      return 'Drag to paint the area to fill or erase.';
    case 'walls':
      return 'Pick a wall material in the panel.';
  }
}

/**
 * The room on a Konva stage, scaled to fit (at most 900 x 600) with every overlay drawn in natural image pixels
 * through one scale, so a click maps back to the exact pixel the server works on.
 */
export function StudioCanvas(props: StudioCanvasProps) {
  const { image, mode, detections, selectedDetectionId, markers, strokes, drawTool, brushSize, disabled } = props;
  const { ref, width: containerWidth } = useContainerWidth();
  const element = useLoadedImage(image.src);
  const fit = fitCanvas(image, containerWidth > 0 ? containerWidth : 940);
  const drawing = useRef(false);
  // A drag of the rotation handle: where it started (screen x) and the steps already applied.
  const turning = useRef<{ startX: number; applied: number } | null>(null);
  const preview = props.piecePreview ?? null;
  // Overlays are drawn in natural pixels; text and lines divide by the scale to keep their screen size.
  const px = (screenPixels: number) => screenPixels / fit.scale;

  const pointer = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const position = event.target.getStage()?.getPointerPosition();
    return position ? canvasToNatural(position, fit, image) : null;
  };

  const handleDown = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    if (disabled || mode !== 'draw') return;
    const point = pointer(event);
    if (!point) return;
    drawing.current = true;
    const width = Math.round(px(brushSize * (drawTool === 'erase' ? 1.2 : 1)));
    props.onStrokeStart({ tool: drawTool, width, points: [point.x, point.y] });
  };
  const handleMove = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const turn = turning.current;
    if (turn) {
      event.evt.preventDefault();
      const x = event.target.getStage()?.getPointerPosition()?.x;
      if (x === undefined) return;
      const steps = Math.round((x - turn.startX) / HANDLE_PX_PER_STEP);
      if (steps !== turn.applied) {
        props.onTurnPiece?.(steps - turn.applied);
        turn.applied = steps;
      }
      return;
    }
    if (!drawing.current) return;
    event.evt.preventDefault();
    const point = pointer(event);
    if (point) props.onStrokeExtend([point.x, point.y]);
  };
  const handleUp = () => {
    drawing.current = false;
  };
  const startTurn = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    event.cancelBubble = true;
    const x = event.target.getStage()?.getPointerPosition()?.x;
    if (!disabled && x !== undefined) turning.current = { startX: x, applied: 0 };
  };
  const handleClick = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    // The end of a turn of the handle is not a click on the room.
    if (turning.current || event.target.name() === 'rotate-handle') {
      turning.current = null;
      return;
    }
    if (disabled || mode === 'draw' || mode === 'walls') return;
    const point = pointer(event);
    if (point) props.onClick(point);
  };

  return (
    <Box ref={ref} sx={{ width: '100%', display: 'flex', justifyContent: 'center' }}>
      <Box
        role="img"
        aria-label={`Room photo, ${image.width} by ${image.height} pixels, ${detections.length} detected objects. ${describe(mode)}`}
        data-testid="studio-canvas"
        data-natural-width={image.width}
        data-natural-height={image.height}
        // Which stored image is on screen (the signature changes at each read, the id does not).
        data-image-id={MEDIA_URL_PATTERN.exec(image.src)?.[1] ?? 'inline'}
        sx={{
          width: fit.width,
          height: fit.height,
          borderRadius: 1,
          overflow: 'hidden',
          boxShadow: 2,
          bgcolor: 'grey.200',
          cursor: disabled ? 'progress' : mode === 'draw' ? 'crosshair' : mode === 'walls' ? 'default' : 'pointer',
          touchAction: mode === 'draw' ? 'none' : 'auto',
        }}
      >
        <Stage
          width={fit.width}
          height={fit.height}
          scaleX={fit.width / image.width}
          scaleY={fit.height / image.height}
          onMouseDown={handleDown}
          onTouchStart={handleDown}
          onMouseMove={handleMove}
          onTouchMove={handleMove}
          onMouseUp={handleUp}
          onTouchEnd={handleUp}
          onMouseLeave={() => {
            handleUp();
            turning.current = null;
          }}
          onClick={handleClick}
          onTap={handleClick}
        >
          <Layer listening={false}>{element && <KonvaImage image={element} width={image.width} height={image.height} />}</Layer>
          <Layer listening={false}>
            {detections.map((item) => {
              const [x1, y1, x2, y2] = item.bbox;
              const selected = item.id === selectedDetectionId;
              const colour = selected ? BOX_COLOURS.selected : item.is_manual ? BOX_COLOURS.manual : BOX_COLOURS.auto;
              const label = `${item.class_name} ${Math.round(item.confidence * 100)}%`;
              return (
                <Group key={String(item.id)}>
                  <Rect
                    x={x1}
                    y={y1}
                    width={x2 - x1}
                    height={y2 - y1}
                    stroke={colour}
                    strokeWidth={px(selected ? 3 : 2)}
                    dash={item.is_replaced ? [px(6), px(4)] : undefined}
                    fill={selected ? 'rgba(22, 163, 74, 0.08)' : undefined}
                  />
                  <Rect
                    x={x1}
                    y={Math.max(0, y1 - px(20))}
                    width={px(8 + label.length * 7)}
                    height={px(20)}
                    fill={colour}
                    cornerRadius={px(3)}
                  />
                  <Text
                    x={x1 + px(4)}
                    y={Math.max(0, y1 - px(20)) + px(4)}
                    text={label}
                    fontSize={px(13)}
                    fill="#fff"
                    fontStyle="bold"
                  />
                </Group>
              );
            })}
            {strokes.map((stroke, index) => (
              <Line
                key={index}
                points={stroke.points.length === 2 ? [...stroke.points, ...stroke.points] : stroke.points}
                stroke={STROKE_COLOURS[stroke.tool]}
                strokeWidth={stroke.width}
                lineCap="round"
                lineJoin="round"
                listening={false}
              />
            ))}
            {markers.map((marker) =>
              marker.kind === 'click' ? (
                <Group key={marker.id} listening={false}>
                  <Circle x={marker.x} y={marker.y} radius={px(14)} stroke="#fff" strokeWidth={px(3)} />
                  <Circle x={marker.x} y={marker.y} radius={px(14)} stroke="#7c3aed" strokeWidth={px(2)} />
                  <Circle x={marker.x} y={marker.y} radius={px(3)} fill="#7c3aed" />
                </Group>
              ) : (
                <Group key={marker.id} listening={false}>
                  <Rect
                    x={marker.x - px(60)}
                    y={marker.y - px(90)}
                    width={px(120)}
                    height={px(90)}
                    stroke="#7c3aed"
                    dash={[px(6), px(4)]}
                    strokeWidth={px(2)}
                    fill="rgba(124, 58, 237, 0.12)"
                    cornerRadius={px(6)}
                  />
                  <Text
                    x={marker.x - px(60)}
                    y={marker.y + px(6)}
                    width={px(120)}
                    align="center"
                    text={marker.label ?? ''}
                    fontSize={px(12)}
                    fill="#4c1d95"
                  />
                </Group>
              ),
            )}
          </Layer>
          {preview && (
            <Layer>
              <Line
                points={preview.floor.flat()}
                closed
                fill="rgba(124, 58, 237, 0.18)"
                stroke="#7c3aed"
                strokeWidth={px(2)}
                listening={false}
              />
              {preview.floor.map((corner, index) => {
                const top = preview.top[index] ?? corner;
                return <Line key={index} points={[...corner, ...top]} stroke="#7c3aed" strokeWidth={px(1.5)} listening={false} />;
              })}
              <Line
                points={preview.top.flat()}
                closed
                stroke="#7c3aed"
                strokeWidth={px(1.5)}
                dash={[px(5), px(4)]}
                listening={false}
              />
              {/* The front: where the piece faces. */}
              <Line points={[...preview.front, ...preview.handle]} stroke="#fff" strokeWidth={px(2)} listening={false} />
              <Circle
                name="rotate-handle"
                x={preview.handle[0]}
                y={preview.handle[1]}
                radius={px(13)}
                fill="#7c3aed"
                stroke="#fff"
                strokeWidth={px(2.5)}
                onMouseDown={startTurn}
                onTouchStart={startTurn}
                onMouseEnter={(event) => {
                  const container = event.target.getStage()?.container();
                  if (container) container.style.cursor = 'ew-resize';
                }}
                onMouseLeave={(event) => {
                  const container = event.target.getStage()?.container();
                  if (container) container.style.cursor = '';
                }}
              />
              <Text
                x={preview.handle[0] - px(7)}
                y={preview.handle[1] - px(8)}
                text="⟲"
                fontSize={px(16)}
                fill="#fff"
                listening={false}
              />
            </Layer>
          )}
        </Stage>
      </Box>
    </Box>
  );
}
