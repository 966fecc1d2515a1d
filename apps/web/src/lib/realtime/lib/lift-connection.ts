// One lift's realtime socket (spec §4, §9; docs/realtime.md §4): connects with the lift's access
// token, keeps the lift's listen list and sends it again after every (re)connect, because rooms do
// not survive a reconnect. A refused handshake clears the stored access and the next attempt
// connects with a fresh token.
import { io, type Socket } from 'socket.io-client';
import type { z } from 'zod';
import {
  handshakeErrorDataSchema,
  listenAckSchema,
  moduleSocketMessageSchema,
  moduleStatusAckSchema,
  provisioningSocketMessageSchema,
  sensorDataAckSchema,
  socketTokenQueryParameter,
  type ClientToServerEvents,
  type ModuleSocketMessage,
  type ProvisioningSocketMessage,
  type ServerToClientEvents,
  type SocketError,
} from '@liftwacht/contracts/realtime';
import { isApiError } from '../../../lib/api-error.ts';
import { log } from '../../../lib/log.ts';
import { backoffDelay } from './backoff-delay.ts';
import { retryRateLimited } from './rate-limited-delay.ts';
import { liftSocketOptions, reconnectBackoff, socketUrl } from './socket-options.ts';
import { socketRefusals } from './socket-refusals.ts';
import { SocketRequestError, socketNotAvailableMessage, socketNotConnectedMessage } from './socket-request-error.ts';

export type LiftSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

export interface LiftConnectionDeps {
  /** The lift's access token: the stored one while good, else a new one (one request at a time). */
  token: (liftId: number) => Promise<string>;
  /** Forgets the stored socket access record (spec §4 connect_error). */
  clearAccess: () => void;
  openSocket?: (token: string) => LiftSocket;
  random?: () => number;
  /** The wait before trying again after too_many_sockets (tests shorten it). */
  tooManySocketsRetryMs?: number;
}

/**
 * After too_many_sockets the user has the cap open elsewhere (other tabs): ask again now and then,
 * not in the reconnect loop's seconds, each of which would fetch a token and be refused again.
 */
export const tooManySocketsRetryMs = 30_000;

/** Handshake refusals that a new token cannot cure. */
const fatalRefusals = new Set(['forbidden', 'session_revoked']);

type Events = {
  state: (state: ConnectionState) => void;
  listening: (esNumber: string) => void;
  module: (message: ModuleSocketMessage) => void;
  provisioning: (message: ProvisioningSocketMessage) => void;
  error: (error: SocketRequestError) => void;
};

export class LiftConnection {
  private socket: LiftSocket | null = null;
  private currentState: ConnectionState = 'idle';
  private everConnected = false;
  private closed = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryAttempt = 0;
  /** es_number → how many users of this connection want it. */
  private readonly listenList = new Map<string, number>();
  private readonly handlers: { [E in keyof Events]: Set<Events[E]> } = {
    state: new Set(),
    listening: new Set(),
    module: new Set(),
    provisioning: new Set(),
    error: new Set(),
  };

  constructor(
    readonly liftId: number,
    private readonly deps: LiftConnectionDeps,
  ) {}

  get state(): ConnectionState {
    return this.currentState;
  }

  get listening(): readonly string[] {
    return [...this.listenList.keys()];
  }

  on<E extends keyof Events>(event: E, handler: Events[E]): () => void {
    const set = this.handlers[event] as Set<Events[E]>;
    set.add(handler);
    return () => set.delete(handler);
  }

  start(): void {
    if (this.socket !== null || this.closed || this.currentState !== 'idle') return;
    this.setState('connecting');
    void this.connectWithFreshToken();
  }

  /** Adds a module to the listen list; sent now when connected, and after every reconnect. */
  listen(esNumber: string): void {
    const count = this.listenList.get(esNumber) ?? 0;
    this.listenList.set(esNumber, count + 1);
    if (count === 0 && this.socket?.connected) void this.sendListen(esNumber);
  }

  unlisten(esNumber: string): void {
    const count = this.listenList.get(esNumber) ?? 0;
    if (count > 1) {
      this.listenList.set(esNumber, count - 1);
      return;
    }
    this.listenList.delete(esNumber);
    if (count === 1 && this.socket?.connected) {
      this.ask('unlisten', esNumber, listenAckSchema).catch((error: unknown) => this.report(error));
    }
  }

  sensorData(esNumber: string) {
    return this.ask('getSensorData', esNumber, sensorDataAckSchema);
  }

  moduleStatus(esNumber: string) {
    return this.ask('getModuleStatus', esNumber, moduleStatusAckSchema);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    socketRefusals.accepted(this.refusalSource);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
    }
    this.setState('idle');
    for (const set of Object.values(this.handlers)) set.clear();
  }

  private get refusalSource(): string {
    return `lift:${String(this.liftId)}`;
  }

  private setState(state: ConnectionState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    for (const handler of this.handlers.state) handler(state);
  }

  private report(error: unknown): void {
    const socketError =
      error instanceof SocketRequestError
        ? error
        : new SocketRequestError('internal_error', error instanceof Error ? error.message : String(error));
    log.warn(`lift ${String(this.liftId)} socket: ${socketError.message}`);
    for (const handler of this.handlers.error) handler(socketError);
    // The server says the token ran out on this open connection: reconnect with a new one.
    if (socketError.code === 'token_expired') this.reconnectWithNewToken();
  }

  private async connectWithFreshToken(): Promise<void> {
    let token: string;
    try {
      token = await this.deps.token(this.liftId);
    } catch (error) {
      if (this.closed) return;
      // Spec §8: a token failure goes to the caller. A lift the user may not see (4xx) stays failed;
      // a network failure is tried again like a lost connection.
      if (isApiError(error) && error.status !== undefined && error.status < 500) {
        log.warn(`lift ${String(this.liftId)}: no socket token`, error);
        this.fail();
        return;
      }
      this.scheduleRetry();
      return;
    }
    if (this.closed) return;
    if (this.socket) {
      this.setToken(token);
      this.socket.connect();
    } else {
      this.socket = this.openSocket(token);
    }
  }

  private openSocket(token: string): LiftSocket {
    const socket = this.deps.openSocket ? this.deps.openSocket(token) : io(socketUrl(), liftSocketOptions(token));
    socket.on('connect', () => {
      this.everConnected = true;
      this.retryAttempt = 0;
      socketRefusals.accepted(this.refusalSource);
      this.setState('connected');
      for (const esNumber of this.listenList.keys()) void this.sendListen(esNumber);
    });
    socket.on('disconnect', (reason) => {
      if (this.closed) return;
      this.setState('reconnecting');
      // The server ended the session (socket.io then leaves reconnecting to us).
      if (reason === 'io server disconnect') this.reconnectWithNewToken();
    });
    socket.on('connect_error', (error: Error & { data?: unknown }) => {
      if (this.closed) return;
      this.deps.clearAccess();
      const refusal = handshakeErrorDataSchema.safeParse(error.data);
      if (refusal.success && fatalRefusals.has(refusal.data.code)) {
        log.warn(`lift ${String(this.liftId)} socket refused: ${error.message}`);
        this.fail();
        return;
      }
      if (refusal.success && refusal.data.code === 'too_many_sockets') {
        log.warn(`lift ${String(this.liftId)} socket refused: ${error.message}`);
        socketRefusals.refused(this.refusalSource);
        this.setState(this.everConnected ? 'reconnecting' : 'connecting');
        // Spread ±25 %, so a user's tabs do not all come back in the same moment.
        const wait = this.deps.tooManySocketsRetryMs ?? tooManySocketsRetryMs;
        this.scheduleRetry(Math.round(wait * (0.75 + 0.5 * (this.deps.random ?? Math.random)())));
        return;
      }
      this.setState(this.everConnected ? 'reconnecting' : 'connecting');
      if (socket.active) {
        // socket.io retries by itself; make its next attempt carry a new token when there is one.
        this.deps.token(this.liftId).then(
          (fresh) => this.setToken(fresh),
          () => undefined,
        );
      } else {
        // A refused handshake is not retried by socket.io: do it, with the same backoff.
        this.scheduleRetry();
      }
    });
    // Validated like every answer (contracts); a message that does not fit is dropped, not shown.
    socket.on('module', (raw) => {
      const parsed = moduleSocketMessageSchema.safeParse(raw);
      if (parsed.success) for (const handler of this.handlers.module) handler(parsed.data);
    });
    socket.on('provisioning', (raw) => {
      const parsed = provisioningSocketMessageSchema.safeParse(raw);
      if (parsed.success) for (const handler of this.handlers.provisioning) handler(parsed.data);
    });
    return socket;
  }

  private setToken(token: string): void {
    if (this.socket) this.socket.io.opts.query = { [socketTokenQueryParameter]: token };
  }

  private reconnectWithNewToken(): void {
    this.deps.clearAccess();
    this.socket?.disconnect();
    this.setState(this.everConnected ? 'reconnecting' : 'connecting');
    void this.connectWithFreshToken();
  }

  private scheduleRetry(after?: number): void {
    clearTimeout(this.retryTimer);
    const delay = after ?? backoffDelay(this.retryAttempt++, this.deps.random);
    this.retryTimer = setTimeout(() => void this.connectWithFreshToken(), delay);
  }

  private fail(): void {
    clearTimeout(this.retryTimer);
    this.socket?.disconnect();
    this.setState('failed');
  }

  private async sendListen(esNumber: string): Promise<void> {
    try {
      await this.ask('listen', esNumber, listenAckSchema);
      if (this.listenList.has(esNumber)) for (const handler of this.handlers.listening) handler(esNumber);
    } catch (error) {
      this.report(error);
    }
  }

  /**
   * One request with its acknowledgement; an ack carrying an error rejects with it (spec §7, §8).
   * A rate_limited answer (the socket's budget, docs/realtime.md §4) is asked again after a short
   * wait, a few times, before it counts as the answer.
   */
  private ask<T>(
    event: 'listen' | 'unlisten' | 'getSensorData' | 'getModuleStatus',
    esNumber: string,
    schema: z.ZodType<{ data: T } | SocketError>,
  ): Promise<T> {
    return retryRateLimited(
      () => this.askOnce(event, esNumber, schema),
      (error) => error instanceof SocketRequestError && error.code === 'rate_limited',
      { ...(this.deps.random ? { random: this.deps.random } : {}), stop: () => this.closed },
    );
  }

  private async askOnce<T>(
    event: 'listen' | 'unlisten' | 'getSensorData' | 'getModuleStatus',
    esNumber: string,
    schema: z.ZodType<{ data: T } | SocketError>,
  ): Promise<T> {
    const socket = this.socket;
    if (!socket) throw new SocketRequestError('not_available', socketNotAvailableMessage);
    if (!socket.connected) throw new SocketRequestError('not_connected', socketNotConnectedMessage);
    let raw: unknown;
    try {
      raw = await (socket as unknown as Socket)
        .timeout(reconnectBackoff.timeout)
        .emitWithAck(event, { es_number: esNumber });
    } catch (error) {
      throw new SocketRequestError('timeout', `${event} ${esNumber}: no answer`, { cause: error });
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new SocketRequestError('invalid_ack', `${event} ${esNumber}: unexpected answer`);
    const ack = parsed.data;
    if ('error' in ack) throw new SocketRequestError(ack.error.code, ack.error.message);
    return ack.data;
  }
}
