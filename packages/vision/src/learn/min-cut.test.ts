import { describe, expect, it } from 'vitest';
import { minCutLabels, type CutProblem } from './min-cut.ts';

/** The energy of a labelling: each node's cost of its label, and each split pair's cost. */
function energy(problem: CutProblem, labels: Uint8Array): number {
  let total = 0;
  for (let i = 0; i < problem.nodes; i++) total += labels[i] ? problem.cost1[i]! : problem.cost0[i]!;
  for (const [a, b, cost] of problem.pairs) if (labels[a] !== labels[b]) total += cost;
  return total;
}

/** A small deterministic generator (the test must not depend on Math.random's seed). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('minCutLabels', () => {
  it('finds the least-cost labelling of small random problems (checked against every labelling)', () => {
    const random = generator(7);
    for (let trial = 0; trial < 40; trial++) {
      const nodes = 3 + Math.floor(random() * 8);
      const cost0 = Float64Array.from({ length: nodes }, () => random() * 3);
      const cost1 = Float64Array.from({ length: nodes }, () => random() * 3);
      const pairs: [number, number, number][] = [];
      for (let a = 0; a < nodes; a++) for (let b = a + 1; b < nodes; b++) if (random() < 0.4) pairs.push([a, b, random() * 2]);
      const problem = { nodes, cost0, cost1, pairs };
      let best = Infinity;
      for (let code = 0; code < 1 << nodes; code++) {
        const labels = Uint8Array.from({ length: nodes }, (_, i) => (code >> i) & 1);
        best = Math.min(best, energy(problem, labels));
      }
      expect(energy(problem, minCutLabels(problem))).toBeCloseTo(best, 9);
    }
  });

  it('lets a strong pair carry a node against its own weak preference', () => {
    // Node 1 leans to 0 a little; its neighbours want 1 strongly and the pairs are dear.
    const problem = {
      nodes: 3,
      cost0: Float64Array.from([5, 0, 5]),
      cost1: Float64Array.from([0, 0.5, 0]),
      pairs: [
        [0, 1, 2],
        [1, 2, 2],
      ] as [number, number, number][],
    };
    expect(Array.from(minCutLabels(problem))).toEqual([1, 1, 1]);
    // With cheap pairs it keeps its own preference.
    expect(
      Array.from(
        minCutLabels({
          ...problem,
          pairs: [
            [0, 1, 0.1],
            [1, 2, 0.1],
          ],
        }),
      ),
    ).toEqual([1, 0, 1]);
  });
});
