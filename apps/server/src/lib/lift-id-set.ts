// Membership of lift ids in a kept list, asked once per row over tens of thousands of rows: a byte
// per id up to the highest one is faster than a Set and lifts' ids are dense serials.

/** The highest id, and whether an id is in the list (false for ids above the highest). */
export interface LiftIdSet {
  maxId: number;
  has: (id: number) => boolean;
}

export function liftIdSet(ids: readonly number[] | Int32Array): LiftIdSet {
  let maxId = 0;
  for (const id of ids) maxId = Math.max(maxId, id);
  const member = new Uint8Array(maxId + 1);
  for (const id of ids) member[id] = 1;
  return { maxId, has: (id) => id <= maxId && member[id] === 1 };
}
