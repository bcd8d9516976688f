import type { Box } from '../mask.ts';

export function boxArea(b: Box): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

export function iou(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (boxArea(a) + boxArea(b) - inter);
}

/** Share of `a` covered by `b`. */
export function coverage(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1e-9, boxArea(a));
}

/** One view's candidate, as `clusterAcrossViews` groups them. */
export interface ViewCandidate {
  readonly box: Box;
  readonly score: number;
  /** Index of the view that proposed it. */
  readonly view: number;
}

/**
 * Greedy grouping of several views' candidates into objects: strongest first, each joins the cluster of its own
 * group (class) that it overlaps most, above `minIou`, and that has no member of its view yet; otherwise it starts
 * one. A cluster's box is `boxOf` its members, updated as they join.
 */
export function clusterAcrossViews<C extends ViewCandidate>(
  candidates: readonly C[],
  groupOf: (c: C) => string | number,
  minIou: number,
  boxOf: (members: readonly C[]) => Box,
): { members: C[]; box: Box }[] {
  const clusters: { group: string | number; members: C[]; box: Box }[] = [];
  for (const c of [...candidates].sort((a, b) => b.score - a.score)) {
    const group = groupOf(c);
    let best: (typeof clusters)[number] | null = null;
    let bestIou = minIou;
    for (const k of clusters) {
      if (k.group !== group || k.members.some((m) => m.view === c.view)) continue;
      const o = iou(k.box, c.box);
      if (o > bestIou) {
        bestIou = o;
        best = k;
      }
    }
    if (best) {
      best.members.push(c);
      best.box = boxOf(best.members);
    } else clusters.push({ group, members: [c], box: c.box });
  }
  return clusters.map(({ members, box }) => ({ members, box }));
}

/** The members' boxes averaged, each weighted by its score. */
export function weightedBox(members: readonly { box: Box; score: number }[]): Box {
  let sw = 0;
  const acc = [0, 0, 0, 0];
  for (const m of members) {
    sw += m.score;
    for (let i = 0; i < 4; i++) acc[i]! += m.box[i]! * m.score;
  }
  return [acc[0]! / sw, acc[1]! / sw, acc[2]! / sw, acc[3]! / sw];
}
