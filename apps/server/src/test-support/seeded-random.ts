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
