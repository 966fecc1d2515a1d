// What the hostile corpus attacks: a server listening on 127.0.0.1 (the test's app, or the
// benchmark's child process), the people it signs in as, and the few things only the test can do
// (resolve a webhook host, move the clock).

export interface CorpusTarget {
  /** http://127.0.0.1:port */
  baseUrl: string;
  /** The portal's origin, which a browser socket sends. */
  origin: string;
  password: string;
  users: {
    /** An administrator of `organisationId`: imports, users, webhooks, heavy reads. */
    admin: string;
    /** The weakest role that gets a lift socket. */
    monteur: string;
    /** A user whose failed logins the spelling attack spends (its counter is used up afterwards). */
    throttled: string;
  };
  organisationId: number;
  /** A lift of the organisation with a module, for the lift socket. */
  lift: { id: number; es: string };
  /** The server's today (yyyy-mm-dd, Europe/Amsterdam): heavy reads end there. */
  today: string;
  /** LOGIN_RATE_LIMIT_PER_USERNAME of the server. */
  loginLimitPerUsername: number;
  /** SOCKETS_PER_USER of the server. */
  socketsPerUser: number;
  /** Every mail the server has written so far, decoded, oldest first. */
  mails(): string[];
  /** Makes a webhook host name resolve to the address (the test's resolver); absent: the system's. */
  resolveHost?(host: string, address: string): void;
  /** The bytes of the server's data folder (the bench's PGlite); absent: not measured. */
  dataBytes?(): number;
  /** Moves the server's clock forward (the test's manual clock); absent: the attack is not run. */
  advanceClock?(ms: number): void;
}

/** The sizes of a run: 0 is the corpus test's (just beyond each limit), 1 the report's. */
export type CorpusScale = number;

/** A size between the test's and the report's. */
export const sized = (small: number, full: number, scale: CorpusScale) =>
  Math.round(small + (full - small) * Math.min(1, Math.max(0, scale)));
