import { rectifyConfusion } from 'unicode-confusables';

// One spelling per person: every username and email goes through normaliseIdentifier before it is
// looked up, compared or used as a throttle key, so no second spelling reaches the same account
// on a fresh counter.

/**
 * NFKC (fullwidth and compatibility forms become their plain letters), then one case fold that
 * does not depend on the locale. "İ" (U+0130) folds to "i": JavaScript's toLowerCase() gives
 * "i" + U+0307 for it while the database's lower() gives "i", and one account must have one key.
 */
export function normaliseIdentifier(value: string): string {
  return value.normalize('NFKC').replaceAll('\u0130', 'i').toLowerCase().normalize('NFKC');
}

/**
 * The confusable skeleton (Unicode UTS #39) of a username: its normalised form with every character
 * replaced by the prototype it is confusable with, so "demo-аdmin" (Cyrillic а), "demo-admın"
 * (dotless ı) and "demo-admin" share one skeleton. Two usernames with one skeleton read as one
 * person to whoever sees them, so a new one is refused when its skeleton is taken.
 */
export function usernameSkeleton(username: string): string {
  return rectifyConfusion(normaliseIdentifier(username).normalize('NFD')).normalize('NFD');
}

/** What a user row stores of its identifiers: the keys lookup, uniqueness and throttles compare. */
export interface IdentifierKeys {
  usernameKey: string;
  usernameSkeleton: string;
  emailKey: string;
}

/** The stored keys of a username and email (users.username_key, username_skeleton, email_key). */
export function identifierKeys(username: string, email: string): IdentifierKeys {
  return {
    usernameKey: normaliseIdentifier(username),
    usernameSkeleton: usernameSkeleton(username),
    emailKey: normaliseIdentifier(email),
  };
}

/** Whether a candidate username's skeleton equals that of one of the existing usernames. */
export function looksLikeAny(candidate: string, existing: Iterable<string>): boolean {
  const skeleton = usernameSkeleton(candidate);
  for (const username of existing) if (usernameSkeleton(username) === skeleton) return true;
  return false;
}
