import type { LiftRef } from '@liftwacht/contracts/calls';

/** The lift as one line of text, for labels that name it ("Afhandelen Personenlift, Kerkstraat 1"). */
export const liftLabel = (lift: LiftRef): string => `${lift.name}, ${lift.address}`;
