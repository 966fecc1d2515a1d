// Announcements that sessions (or part of a user's scope) have ended: logout, a password reset or
// change, a disabled user, an organisation's revoked access. The API checks the session on every
// request anyway; what listens here is whatever holds a session open without asking again — the
// realtime sockets — so it can let go at once, on every node.
import type { FastifyBaseLogger } from 'fastify';

export type SessionEnd =
  /** One session: logout. */
  | { kind: 'session'; sessionId: string }
  /** Every session of a user: password reset or change, disabled. */
  | { kind: 'user'; userId: number }
  /** Users of organisationId lose what they saw of revokedOrganisationId. */
  | { kind: 'access'; organisationId: number; revokedOrganisationId: number };

export type SessionEndListener = (end: SessionEnd) => void;

export class SessionEnds {
  private readonly listeners = new Set<SessionEndListener>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Registers a listener; returns the function that removes it. */
  subscribe(listener: SessionEndListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener; one that throws is logged and does not stop the others or the caller. */
  announce(end: SessionEnd): void {
    for (const listener of this.listeners) {
      try {
        listener(end);
      } catch (err) {
        this.log.error({ err, end }, 'a session-end listener failed');
      }
    }
  }
}
