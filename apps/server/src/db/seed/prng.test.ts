import { describe, expect, it } from 'vitest';
import { createRng } from './prng.ts';

describe('prng', () => {
  it('repeats a stream for the same parts and differs for other parts', () => {
    const draw = (...parts: (string | number)[]) => {
      const rng = createRng(...parts);
      return Array.from({ length: 5 }, () => rng.next());
    };
    expect(draw(1, 'lift', 7)).toEqual(draw(1, 'lift', 7));
    expect(draw(1, 'lift', 7)).not.toEqual(draw(1, 'lift', 8));
    expect(draw(1, 'lift', 7)).not.toEqual(draw(2, 'lift', 7));
  });

  it('keeps int() within its inclusive bounds and roughly uniform', () => {
    const rng = createRng('uniform');
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 40_000; i++) {
      const v = rng.int(0, 3);
      counts[v] = (counts[v] ?? 0) + 1;
    }
    expect(counts.every((c) => c > 9_400 && c < 10_600)).toBe(true);
  });
});
