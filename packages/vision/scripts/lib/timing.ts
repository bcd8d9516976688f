import { loadavg } from 'node:os';

/**
 * Medians of wall-clock and CPU time of repeated runs. The machine is often shared with other work: wall time
 * follows the load, while this process's CPU time (sharp's and onnxruntime's threads count) is the steadier
 * figure, so every benchmark reports both, with the load average.
 */
export interface Timing {
  /** Median wall-clock milliseconds. */
  ms: number;
  /** Median CPU milliseconds of this process. */
  cpuMs: number;
  /** Every run's wall-clock milliseconds, in order. */
  runsMs: number[];
}

const middle = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function medianTiming(
  fn: () => Promise<unknown> | unknown,
  { runs = 5, warmUp = false }: { runs?: number; warmUp?: boolean } = {},
): Promise<Timing> {
  if (warmUp) await fn(); // model loads, JIT
  const runsMs: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    runsMs.push(performance.now() - t0);
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / 1000);
  }
  return { ms: middle(runsMs), cpuMs: middle(cpu), runsMs };
}

/** The 1-minute load average, two decimals. */
export const loadAverage = (): string => loadavg()[0]!.toFixed(2);

/** "812 ms (CPU 640 ms)", optionally with the load average. */
export function describeTiming({ ms, cpuMs }: Timing, withLoad = false): string {
  return `${ms.toFixed(0)} ms (CPU ${cpuMs.toFixed(0)} ms${withLoad ? `, load ${loadAverage()}` : ''})`;
}
