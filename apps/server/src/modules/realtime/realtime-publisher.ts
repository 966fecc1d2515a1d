// Sends what ingest stored to the sockets that listen: module messages to the module's room, and a
// short "something changed" to an organisation's room so dashboards refetch. Organisation notices
// are coalesced per organisation: the first goes out at once, the rest of a burst once per window.
import type { ModuleMessage, ProvisioningMessage } from '@liftwacht/contracts/ingest';
import {
  routingKey,
  type ModuleMessageType,
  type OrganisationChangeKind,
  type ServerToClientEvents,
} from '@liftwacht/contracts/realtime';
import type { LiftwachtIo } from '../../plugins/socket-io.ts';

export const moduleRoom = (esNumber: string) => `module:${esNumber}`;
export const organisationRoom = (organisationId: number) => `organisation:${String(organisationId)}`;

interface OrganisationWindow {
  lastSentAt: number;
  pending: Set<OrganisationChangeKind> | null;
  timer: NodeJS.Timeout | null;
}

export class RealtimePublisher {
  private readonly windows = new Map<number, OrganisationWindow>();

  constructor(
    private readonly io: LiftwachtIo,
    /** With the Redis adapter other nodes may have listeners, so every message is published. */
    private readonly clustered: boolean,
    private readonly organisationWindowMs = 1000,
  ) {}

  /** Whether anyone can be listening: on a single node, only its own sockets. */
  private heard(room: string): boolean {
    return this.clustered || (this.io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0;
  }

  private toModuleRoom<E extends 'module' | 'provisioning'>(
    es: string,
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void {
    // The adapter writes it to each socket as one prepared frame (direct-frames.ts); with Redis it
    // carries it to the other nodes' sockets too.
    this.io.to(moduleRoom(es)).emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
  }

  moduleMessage(es: string, message: ModuleMessage): void {
    if (!this.heard(moduleRoom(es))) return;
    const messageType: ModuleMessageType = message.alarmCall ? 'alarm_call' : message.testCall ? 'test_call' : 'status';
    this.toModuleRoom(es, 'module', {
      type: 'module',
      es,
      messageType,
      routingKey: routingKey('module', es, messageType),
      message,
    });
  }

  provisioningMessage(es: string, message: ProvisioningMessage): void {
    if (!this.heard(moduleRoom(es))) return;
    this.toModuleRoom(es, 'provisioning', {
      type: 'provisioning',
      es,
      messageType: 'config',
      routingKey: routingKey('provisioning', es, 'config'),
      message,
    });
  }

  organisationChanged(organisationId: number, kinds: Iterable<OrganisationChangeKind>): void {
    const now = Date.now();
    let w = this.windows.get(organisationId);
    if (!w) {
      w = { lastSentAt: 0, pending: null, timer: null };
      this.windows.set(organisationId, w);
    }
    if (!w.timer && now - w.lastSentAt >= this.organisationWindowMs) {
      w.lastSentAt = now;
      this.sendOrganisation(organisationId, new Set(kinds));
      return;
    }
    w.pending ??= new Set();
    for (const k of kinds) w.pending.add(k);
    if (w.timer) return;
    const window = w;
    window.timer = setTimeout(
      () => {
        window.timer = null;
        window.lastSentAt = Date.now();
        const pending = window.pending;
        window.pending = null;
        if (pending) this.sendOrganisation(organisationId, pending);
      },
      this.organisationWindowMs - (now - w.lastSentAt),
    );
    window.timer.unref();
  }

  close(): void {
    for (const w of this.windows.values()) if (w.timer) clearTimeout(w.timer);
    this.windows.clear();
  }

  private sendOrganisation(organisationId: number, kinds: Set<OrganisationChangeKind>): void {
    this.io
      .to(organisationRoom(organisationId))
      .emit('organisationChanged', { organisationId, kinds: [...kinds].sort() });
  }
}
