// The second socket (spec §7; docs/realtime.md §4.5): connected with the user's own token, it
// follows organisations with `listenOrganisation` and hears `organisationChanged`. One socket for the
// whole app; it follows every organisation some screen asks for and re-follows them after each
// reconnect, because rooms do not survive one. Once the server confirms a follow, the screens
// following that organisation refetch once: a change pushed before (between a screen's first fetch
// and the follow, or while the socket was away) went to a room this socket was not in yet.
import { io, type Socket } from 'socket.io-client';
import {
  handshakeErrorDataSchema,
  listenOrganisationAckSchema,
  organisationChangedMessageSchema,
  organisationChangeKinds,
  type ClientToServerEvents,
  type OrganisationChangedMessage,
  type ServerToClientEvents,
} from '@liftwacht/contracts/realtime';
import { log } from '../../../lib/log.ts';
import { retryRateLimited } from './rate-limited-delay.ts';
import { organisationSocketOptions, reconnectBackoff, socketUrl } from './socket-options.ts';
import { socketRefusals } from './socket-refusals.ts';

export type OrganisationSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Handler = (message: OrganisationChangedMessage) => void;

const refusalSource = 'organisation';

/** A rate_limited acknowledgement, carried through the retries. */
class RateLimited extends Error {
  constructor(readonly answer: unknown) {
    super('rate_limited');
  }
}

interface Follower {
  organisationId: number;
  handler: Handler;
}

export function createOrganisationChannel(
  openSocket: (token: string) => OrganisationSocket = (token) => io(socketUrl(), organisationSocketOptions(token)),
) {
  let socket: OrganisationSocket | null = null;
  let socketToken: string | null = null;
  const followers = new Set<Follower>();

  const followed = () => new Set([...followers].map((f) => f.organisationId));

  /** The acknowledgement; a rate_limited one (the socket's budget) is asked again after a short wait. */
  async function ask(
    current: OrganisationSocket,
    event: 'listenOrganisation' | 'unlistenOrganisation',
    organisationId: number,
  ): Promise<unknown> {
    return retryRateLimited(
      async () => {
        const raw: unknown = await (current as unknown as Socket)
          .timeout(reconnectBackoff.timeout)
          .emitWithAck(event, { organisationId });
        const ack = listenOrganisationAckSchema.safeParse(raw);
        if (ack.success && 'error' in ack.data && ack.data.error.code === 'rate_limited') throw new RateLimited(raw);
        return raw;
      },
      (error) => error instanceof RateLimited,
      { stop: () => socket !== current || !current.connected },
    ).catch((error: unknown) => {
      if (error instanceof RateLimited) return error.answer;
      throw error;
    });
  }

  async function send(event: 'listenOrganisation' | 'unlistenOrganisation', organisationId: number): Promise<void> {
    const current = socket;
    if (!current?.connected) return; // sent on the next connect
    try {
      const raw = await ask(current, event, organisationId);
      const ack = listenOrganisationAckSchema.safeParse(raw);
      if (!ack.success) log.warn(`${event} ${String(organisationId)}: unexpected answer`);
      else if ('error' in ack.data) log.warn(`${event} ${String(organisationId)}: ${ack.data.error.message}`);
      else if (event === 'listenOrganisation') notify({ organisationId, kinds: [...organisationChangeKinds] });
    } catch (error) {
      log.warn(`${event} ${String(organisationId)}: no answer`, error);
    }
  }

  function notify(message: OrganisationChangedMessage): void {
    for (const follower of followers) {
      if (follower.organisationId === message.organisationId) follower.handler(message);
    }
  }

  function close(): void {
    socketRefusals.accepted(refusalSource);
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
    socketToken = null;
  }

  function open(token: string): void {
    close();
    const created = openSocket(token);
    created.on('connect', () => {
      socketRefusals.accepted(refusalSource);
      for (const organisationId of followed()) void send('listenOrganisation', organisationId);
    });
    created.on('organisationChanged', (raw) => {
      const parsed = organisationChangedMessageSchema.safeParse(raw);
      if (parsed.success) notify(parsed.data);
    });
    created.on('connect_error', (error: Error & { data?: unknown }) => {
      // Only the dashboards' timers are lost; the user token is the session's, not ours to renew.
      if (!created.active) log.warn(`organisation socket refused: ${error.message}`);
      // Not retried here: the next screen that follows an organisation tries again.
      const refusal = handshakeErrorDataSchema.safeParse(error.data);
      if (refusal.success && refusal.data.code === 'too_many_sockets') socketRefusals.refused(refusalSource);
    });
    socket = created;
    socketToken = token;
  }

  return {
    /** Calls handler for every change pushed for the organisation until the returned function is called. */
    follow(token: string, organisationId: number, handler: Handler): () => void {
      // A socket that gave up (five failed attempts, or refused) gets a new try with this screen.
      if (socketToken !== token || !socket?.active) open(token);
      const isNew = !followed().has(organisationId);
      const follower = { organisationId, handler };
      followers.add(follower);
      if (isNew) void send('listenOrganisation', organisationId);
      return () => {
        followers.delete(follower);
        if (followers.size === 0) {
          close();
          return;
        }
        if (!followed().has(organisationId)) void send('unlistenOrganisation', organisationId);
      };
    },
  };
}

export const organisationChannel = createOrganisationChannel();
