import { useState } from 'react';

/**
 * Today's date as of when the component mounted. Periods are whole days, so a page left open
 * over midnight keeps its "current" period until the next visit, which is what a user expects.
 */
export function useToday(): Date {
  const [today] = useState(() => new Date());
  return today;
}
