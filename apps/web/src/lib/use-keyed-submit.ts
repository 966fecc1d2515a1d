import { useCallback, useState } from 'react';
import { useAsyncAction } from './use-async-action.ts';

/** A key per attempt: a double tap or a retry of the same attempt is recorded once by the server. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * A submit that survives a flaky connection: one Idempotency-Key per attempt, kept for the retry
 * of a failed submit (the first try may have been recorded after all) and for a double tap, and
 * renewed once the attempt succeeded or the form changed (call `renew` on every change: the server
 * refuses a key sent again with other content). The action must throw when the submit failed.
 */
export function useKeyedSubmit(action: (key: string) => Promise<unknown>) {
  const [key, setKey] = useState(newIdempotencyKey);
  const submit = useAsyncAction(action);
  const run = useCallback(async () => {
    const outcome = await submit.run(key);
    if (outcome === 'succeeded') setKey(newIdempotencyKey());
    return outcome;
  }, [key, submit]);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { run, renew, isPending: submit.isPending, error: submit.error };
}
