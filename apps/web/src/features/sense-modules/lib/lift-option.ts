import type { Lift } from '@liftwacht/contracts/lifts';

/** A lift as the module pickers offer it: enough to label it and to tell whether it is free. */
export interface LiftOption {
  id: number;
  name: string;
  address: string;
  /** The module it holds now; null for a free lift. */
  esNumber: string | null;
}

export const liftOption = (lift: Lift): LiftOption => ({
  id: lift.id,
  name: lift.details.liftname ?? `#${lift.id}`,
  address: lift.details.address ?? '',
  esNumber: lift.module?.esNumber ?? null,
});

export const liftOptionLabel = (lift: LiftOption): string =>
  lift.address === '' ? lift.name : `${lift.name} — ${lift.address}`;
