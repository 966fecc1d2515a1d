import type { User } from '@liftwacht/contracts/auth';
import { nonBlank } from '../../lib/non-blank.ts';

/** How the shell names the user: their full name, or the username when none is set. */
export function displayName(user: User | null): string {
  if (!user) return '';
  return nonBlank(user.name) ?? user.username;
}
