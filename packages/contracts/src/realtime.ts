// The realtime socket (spec §3, §4, §7; DESIGN §6): Socket.IO at /liftwacht/socket.io, websocket
// transport only, an access token in the handshake query. docs/realtime.md describes the protocol.
import { z } from 'zod';
import { dataOf, idNumberSchema, isoDateTimeSchema } from './common.ts';
import { esNumberSchema, moduleMessageSchema, provisioningMessageSchema } from './ingest.ts';

export const socketPath = '/liftwacht/socket.io';
/** Handshake query parameter carrying the access token. */
export const socketTokenQueryParameter = 'token';

// --- POST /liftwacht/auth/sense-liftwacht: a short-lived token for one lift's module ---------------

export const senseIdentifierPrefix = 'liftwacht-';

export const senseTokenRequestSchema = z.object({
  /** `liftwacht-{liftId}` */
  identifier: z
    .string()
    .regex(/^liftwacht-[1-9]\d{0,9}$/, 'must be liftwacht-{liftId}')
    // A lift id is a 32-bit database id; a larger one cannot exist and must not reach SQL.
    .refine((s) => Number(s.slice(senseIdentifierPrefix.length)) <= 2_147_483_647, 'no such lift id'),
  identifierType: z.literal('ext'),
});
export type SenseTokenRequest = z.infer<typeof senseTokenRequestSchema>;

export const senseTokenResponseSchema = dataOf(
  z.object({
    accessToken: z.string(),
    /** Also inside the token (`exp`); renew when less than 30 s remain (spec §9). */
    expiresAt: isoDateTimeSchema,
    liftId: z.number().int(),
    /** The module the token lets the socket listen to. */
    es_number: esNumberSchema,
  }),
);
export type SenseTokenResponse = z.infer<typeof senseTokenResponseSchema>;

// --- client → server events, each answered through the acknowledgement callback -----------------

export const clientSocketEvents = [
  'listen',
  'unlisten',
  'getSensorData',
  'getModuleStatus',
  'listenOrganisation',
  'unlistenOrganisation',
] as const;
export type ClientSocketEvent = (typeof clientSocketEvents)[number];

/** Payload of listen, unlisten, getSensorData and getModuleStatus. */
export const esNumberRequestSchema = z.object({ es_number: esNumberSchema });
export type EsNumberRequest = z.infer<typeof esNumberRequestSchema>;

/** Payload of listenOrganisation and unlistenOrganisation. */
export const organisationRequestSchema = z.object({ organisationId: idNumberSchema });
export type OrganisationRequest = z.infer<typeof organisationRequestSchema>;

export const socketErrorCodes = [
  'validation_failed',
  'unauthorized',
  'token_expired',
  'session_revoked',
  'forbidden',
  'not_found',
  // Over the socket's budget (ack), or over the user's sockets (handshake): docs/realtime.md §4.
  'rate_limited',
  'too_many_sockets',
  'internal_error',
] as const;
export type SocketErrorCode = (typeof socketErrorCodes)[number];

export const socketErrorSchema = z.object({
  error: z.object({ code: z.enum(socketErrorCodes), message: z.string() }),
});
export type SocketError = z.infer<typeof socketErrorSchema>;

/** Every acknowledgement: `{ data }` on success, `{ error: { code, message } }` otherwise. */
export const socketAckOf = <T extends z.ZodType>(data: T) => z.union([z.object({ data }), socketErrorSchema]);

export const listenAckSchema = socketAckOf(z.object({ es_number: esNumberSchema }));
export type ListenAck = z.infer<typeof listenAckSchema>;

export const sensorValueSchema = z.object({
  value: z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]),
  at: isoDateTimeSchema,
});
export const sensorDataAckSchema = socketAckOf(
  z.object({ es_number: esNumberSchema, values: z.record(z.string(), sensorValueSchema) }),
);
export type SensorDataAck = z.infer<typeof sensorDataAckSchema>;

export const moduleStatusSchema = z.object({
  es_number: esNumberSchema,
  liftId: z.number().int(),
  firmware: z.string().nullable(),
  /** Heard from within the last 10 minutes. */
  connected: z.boolean(),
  lastSeenAt: isoDateTimeSchema.nullable(),
  /** The lift's open events, newest first. */
  openEvents: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      startedAt: isoDateTimeSchema,
      floor: z.number().int().nullable(),
    }),
  ),
});
export type ModuleStatus = z.infer<typeof moduleStatusSchema>;
export const moduleStatusAckSchema = socketAckOf(moduleStatusSchema);
export type ModuleStatusAck = z.infer<typeof moduleStatusAckSchema>;

export const listenOrganisationAckSchema = socketAckOf(z.object({ organisationId: z.number().int() }));
export type ListenOrganisationAck = z.infer<typeof listenOrganisationAckSchema>;

// --- server → client messages ------------------------------------------------------------------

/** `alarm_call` or `test_call` when the frame reports one, else `status`. */
export const moduleMessageTypes = ['status', 'alarm_call', 'test_call'] as const;
export type ModuleMessageType = (typeof moduleMessageTypes)[number];

/** A module message as the module sent it (readings in `message.f`). */
export const moduleSocketMessageSchema = z.object({
  type: z.literal('module'),
  es: esNumberSchema,
  messageType: z.enum(moduleMessageTypes),
  /** `module.{es}.{messageType}` */
  routingKey: z.string(),
  message: moduleMessageSchema,
});
export type ModuleSocketMessage = z.infer<typeof moduleSocketMessageSchema>;

/** A provisioning message as the module sent it (readings in `message.e`); `messageType` is `config`. */
export const provisioningSocketMessageSchema = z.object({
  type: z.literal('provisioning'),
  es: esNumberSchema,
  messageType: z.literal('config'),
  /** `provisioning.{es}.config` */
  routingKey: z.string(),
  message: provisioningMessageSchema,
});
export type ProvisioningSocketMessage = z.infer<typeof provisioningSocketMessageSchema>;

export const routingKey = (type: 'module' | 'provisioning', es: string, messageType: string) =>
  `${type}.${es}.${messageType}`;

/** What changed for an organisation; refetch what shows it. */
export const organisationChangeKinds = ['events', 'calls', 'modules', 'visits'] as const;
export type OrganisationChangeKind = (typeof organisationChangeKinds)[number];

export const organisationChangedMessageSchema = z.object({
  organisationId: z.number().int(),
  kinds: z.array(z.enum(organisationChangeKinds)).min(1),
});
export type OrganisationChangedMessage = z.infer<typeof organisationChangedMessageSchema>;

export const serverSocketEvents = ['module', 'provisioning', 'organisationChanged'] as const;

/** Typed event maps for socket.io and socket.io-client (`Socket<ServerToClient, ClientToServer>`). */
export interface ServerToClientEvents {
  module: (message: ModuleSocketMessage) => void;
  provisioning: (message: ProvisioningSocketMessage) => void;
  organisationChanged: (message: OrganisationChangedMessage) => void;
}

export interface ClientToServerEvents {
  listen: (request: EsNumberRequest, ack: (response: ListenAck) => void) => void;
  unlisten: (request: EsNumberRequest, ack: (response: ListenAck) => void) => void;
  getSensorData: (request: EsNumberRequest, ack: (response: SensorDataAck) => void) => void;
  getModuleStatus: (request: EsNumberRequest, ack: (response: ModuleStatusAck) => void) => void;
  listenOrganisation: (request: OrganisationRequest, ack: (response: ListenOrganisationAck) => void) => void;
  unlistenOrganisation: (request: OrganisationRequest, ack: (response: ListenOrganisationAck) => void) => void;
}

/** `connect_error` carries `err.message` and `err.data.code` (one of socketErrorCodes). */
export const handshakeErrorDataSchema = z.object({ code: z.enum(socketErrorCodes) });
