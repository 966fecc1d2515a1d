// percentile_cont as PostgreSQL computes it (orderedsetaggs.c), over values in any order: the rows
// at floor and ceil of f·(n−1) in sorted order, and lo + (f·(n−1) − floor)·(hi − lo) between them.
// The two rows are found by selection (quickselect, O(n)) instead of sorting: a year's times to
// acknowledge and to free of 10,000 lifts are ~30,000 values each, whose sorts cost ~6 ms a request.

/**
 * percentile_cont(f) of the values for each f; null when there are none. Reorders `values` (the
 * caller's own copy).
 */
export function percentilesCont(values: Float64Array, fractions: readonly number[]): (number | null)[] {
  const n = values.length;
  return fractions.map((f) => {
    if (n === 0) return null;
    const row = f * (n - 1);
    const first = Math.floor(row);
    const second = Math.ceil(row);
    const lo = select(values, first);
    if (second <= first) return lo;
    // after select(first), every value after it is >= it: the next row is their least
    let hi = Infinity;
    for (let i = first + 1; i < n; i++) hi = Math.min(hi, values[i] ?? Infinity);
    return lo + (row - first) * (hi - lo);
  });
}

/**
 * The k-th smallest value (0-based); afterwards values[k] holds it, the values before it are <= it
 * and those after it >= it (Hoare partitioning around a median of three).
 */
function select(values: Float64Array, k: number): number {
  let left = 0;
  let right = values.length - 1;
  while (right > left) {
    const mid = (left + right) >> 1;
    const a = values[left] ?? 0;
    const b = values[mid] ?? 0;
    const c = values[right] ?? 0;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((values[i] ?? 0) < pivot) i++;
      while ((values[j] ?? 0) > pivot) j--;
      if (i <= j) {
        const t = values[i] ?? 0;
        values[i] = values[j] ?? 0;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return values[k] ?? 0;
}
