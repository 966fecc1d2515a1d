/** A lift as a picker shows it: enough to label a chip without fetching the lift again. */
export interface LiftChoice {
  id: number;
  name: string;
}
