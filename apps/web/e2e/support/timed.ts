/**
 * The tag of a flow that claims a time limit (a push shown within 2 s, a card following within a
 * second). `npm test` runs these flows alone at the end (the `timed` project), because beside the
 * server's tests or lint a claim timed to the second can miss by tens of milliseconds; every other
 * flow runs beside them (the `flows` project).
 */
export const timed = { tag: '@timed' } as const;
