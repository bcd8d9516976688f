import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Fires a confirmation mutation once per key. A key is used up by its first call, so the screen must never send
 * it twice: not on StrictMode's second effect run (the ref survives it), not on a re-render.
 */
export function useConfirmOnce<T>(mutation: UseMutationResult<T, Error, string>, key: string) {
  const sentFor = useRef<string | null>(null);
  const { mutate } = mutation;
  useEffect(() => {
    if (sentFor.current === key) return;
    sentFor.current = key;
    mutate(key);
  }, [key, mutate]);
  return mutation;
}
