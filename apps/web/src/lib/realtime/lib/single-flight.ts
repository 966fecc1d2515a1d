// One request per key at a time (spec §4: one token request per lift): callers arriving while a
// request for their key runs get its promise instead of starting another.
export function singleFlight<K, V>(run: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const running = new Map<K, Promise<V>>();
  return (key) => {
    const pending = running.get(key);
    if (pending) return pending;
    const started = run(key).finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
