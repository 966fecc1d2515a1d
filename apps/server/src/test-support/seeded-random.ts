// A repeatable random sequence for tests over random fleets: the same seed gives the same data,
// so a failure can be replayed.

/** Numbers in [0, 1) from a linear congruential generator started at `seed`. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * Numbers in [0, 1) from mulberry32: 32-bit integer arithmetic, so every seed gives a full-quality
 * sequence (the LCG above multiplies past 2^53 and loses bits). The fuzz uses this one.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from text (FNV-1a), to give each fuzzed operation its own stream of one run seed. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
