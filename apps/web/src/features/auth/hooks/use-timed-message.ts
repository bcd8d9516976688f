import { useEffect, useState } from 'react';

/** Returns the message until `durationMs` has passed, then null (the login page's 6-second notice). */
export function useTimedMessage(message: string | undefined, durationMs: number): string | null {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    if (!message) return;
    const timer = window.setTimeout(() => setExpired(true), durationMs);
    return () => window.clearTimeout(timer);
  }, [message, durationMs]);
  return message && !expired ? message : null;
}
