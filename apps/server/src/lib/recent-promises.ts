/**
 * The results of the last `limit` computations by key, as promises (a second caller waits for the same one): the
 * least recently asked for is dropped first. A computation that fails is forgotten, so the next call tries again.
 */
export function recentPromises<T>(limit: number): (key: string, compute: () => Promise<T>) => Promise<T> {
  const byKey = new Map<string, Promise<T>>();
  return (key, compute) => {
    const known = byKey.get(key);
    byKey.delete(key);
    const result = known ?? compute();
    byKey.set(key, result);
    if (byKey.size > limit) byKey.delete(byKey.keys().next().value!);
    if (!known) result.catch(() => byKey.get(key) === result && byKey.delete(key));
    return result;
  };
}
