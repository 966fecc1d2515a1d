// The per-node caches of finished months keep at most so many entries; past that, the one used
// longest ago goes first. Their entries are few (months, signal keys), so a scan beats a linked list.

/** Deletes the least recently used entries until at most `max` are left. */
export function evictLeastRecentlyUsed<K, V extends { usedAt: number }>(entries: Map<K, V>, max: number): void {
  while (entries.size > max) {
    let oldestKey: K | undefined;
    let oldest = Infinity;
    for (const [key, entry] of entries) {
      if (entry.usedAt < oldest) {
        oldest = entry.usedAt;
        oldestKey = key;
      }
    }
    if (oldestKey === undefined) return;
    entries.delete(oldestKey);
  }
}
