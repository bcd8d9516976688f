/**
 * A binary labelling by minimum s-t cut (Boykov and Kolmogorov's energy: each node's cost of either label, and a
 * cost for every pair of neighbours given different labels). Dinic's max-flow, our own: the graphs here are a
 * photo's superpixels (under a thousand nodes, a few thousand edges) and solve in a millisecond, where a package
 * would add a dependency for forty lines.
 */
export interface CutProblem {
  readonly nodes: number;
  /** Cost of giving node i label 1 (`cost1[i]`) or label 0 (`cost0[i]`); both non-negative. */
  readonly cost0: Float64Array;
  readonly cost1: Float64Array;
  /** Undirected neighbour pairs and the (non-negative) cost of cutting each. */
  readonly pairs: readonly (readonly [number, number, number])[];
}

/** The labels (0/1 per node) of least total cost. */
export function minCutLabels(problem: CutProblem): Uint8Array {
  const { nodes } = problem;
  const source = nodes;
  const sink = nodes + 1;
  const head = new Int32Array(nodes + 2).fill(-1);
  const to: number[] = [];
  const next: number[] = [];
  const capacity: number[] = [];
  const addArc = (a: number, b: number, forward: number, backward: number): void => {
    (to.push(b), next.push(head[a]!), capacity.push(forward), (head[a] = to.length - 1));
    (to.push(a), next.push(head[b]!), capacity.push(backward), (head[b] = to.length - 1));
  };
  // Label 1 = the source's side: a node cut from the source pays cost1, one cut from the sink pays cost0.
  for (let i = 0; i < nodes; i++) {
    const c0 = problem.cost0[i]!;
    const c1 = problem.cost1[i]!;
    if (c0 > 0) addArc(source, i, c0, 0);
    if (c1 > 0) addArc(i, sink, c1, 0);
  }
  for (const [a, b, cost] of problem.pairs) if (cost > 0 && a !== b) addArc(a, b, cost, cost);

  const level = new Int32Array(nodes + 2);
  const cursor = new Int32Array(nodes + 2);
  const queue = new Int32Array(nodes + 2);
  const bfs = (): boolean => {
    level.fill(-1);
    level[source] = 0;
    let read = 0;
    let write = 0;
    queue[write++] = source;
    while (read < write) {
      const v = queue[read++]!;
      for (let e = head[v]!; e !== -1; e = next[e]!) {
        if (capacity[e]! > 1e-12 && level[to[e]!] === -1) {
          level[to[e]!] = level[v]! + 1;
          queue[write++] = to[e]!;
        }
      }
    }
    return level[sink] !== -1;
  };
  const push = (v: number, limit: number): number => {
    if (v === sink) return limit;
    for (; cursor[v] !== -1; cursor[v] = next[cursor[v]!]!) {
      const e = cursor[v]!;
      const w = to[e]!;
      if (capacity[e]! <= 1e-12 || level[w] !== level[v]! + 1) continue;
      const sent = push(w, Math.min(limit, capacity[e]!));
      if (sent > 0) {
        capacity[e] = capacity[e]! - sent;
        capacity[e ^ 1] = capacity[e ^ 1]! + sent;
        return sent;
      }
    }
    return 0;
  };
  while (bfs()) {
    cursor.set(head);
    while (push(source, Infinity) > 0);
  }
  // What the source still reaches after the last search is label 1.
  const labels = new Uint8Array(nodes);
  for (let i = 0; i < nodes; i++) labels[i] = level[i]! !== -1 ? 1 : 0;
  return labels;
}
