import type { PickableOrganisation } from '@liftwacht/contracts/organisations';

interface Choice {
  /** The organisation chosen now (stored by the browser), or null. */
  current: number | null;
  /** The user's own organisation. */
  own: number | undefined;
  /** Whether the person chose `current` in the picker in this session (then it stays, lifts or not). */
  picked: boolean;
}

/**
 * The organisation a session shows when the organisation list (re)loads: the one chosen, unless
 * it is no longer in the list, or was never chosen by the person and has no lifts while another
 * has (after setup the platform organisation, which owns none). Then the own organisation if it
 * has lifts, else the first by name that has, else the own one. Null only for an empty list.
 */
export function defaultOrganisation(list: readonly PickableOrganisation[], choice: Choice): number | null {
  const current = list.find((organisation) => organisation.id === choice.current);
  const own = list.find((organisation) => organisation.id === choice.own);
  if (current && (choice.picked || current.liftCount > 0)) return current.id;
  if (own && own.liftCount > 0) return own.id;
  const withLifts = list.find((organisation) => organisation.liftCount > 0);
  return (withLifts ?? current ?? own ?? list[0])?.id ?? null;
}
