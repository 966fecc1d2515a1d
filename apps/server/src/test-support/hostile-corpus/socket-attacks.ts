// Issue 42 finding 5 as attacks: the weakest role that gets a lift socket (a mechanic) emits
// thousands of requests without waiting, and one user opens more sockets than the cap. What must
// happen (docs/realtime.md §4): at most the burst is answered, the rest acknowledged rate_limited,
// the persistent offender disconnected by the server; a socket beyond SOCKETS_PER_USER refused with
// too_many_sockets.
import { io as connect, type Socket } from 'socket.io-client';
import { socketPath } from '@liftwacht/contracts/realtime';
import type { Attack, AttackContext, AttackOutcome } from './attack.ts';
import { call } from './corpus-http.ts';
import { sized } from './corpus-target.ts';

/** SOCKET_RATE_BURST by default: what a flood may have answered before the bucket is empty (plus a second's refill). */
const answeredAtMost = 40 + 20;

function open(context: AttackContext, token: string): Promise<Socket> {
  const socket = connect(context.target.baseUrl, {
    path: socketPath,
    transports: ['websocket'],
    reconnection: false,
    query: { token },
    extraHeaders: { origin: context.target.origin },
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

async function liftToken(context: AttackContext): Promise<string> {
  const answer = await call(context.target, 'POST', '/auth/sense-liftwacht', {
    token: context.tokens.monteur,
    json: { identifier: `liftwacht-${String(context.target.lift.id)}`, identifierType: 'ext' },
  });
  if (answer.status !== 200) throw new Error(`lift token: ${String(answer.status)}`);
  return (answer.json as { data: { accessToken: string } }).data.accessToken;
}

type FloodEvent = 'getModuleStatus' | 'getSensorData' | 'listen';

function flood(event: FloodEvent, small: number, full: number): Attack {
  const label = event === 'listen' ? 'listen/unlisten' : event;
  return {
    name: `${full.toLocaleString('en')} × ${label} from a mechanic's lift socket`,
    finding: 5,
    documented: `at most the burst answered, the rest rate_limited, the socket disconnected by the server`,
    prepare: async (context) => {
      const count = sized(small, full, context.scale);
      const socket = await open(context, await liftToken(context));
      return async (): Promise<AttackOutcome> => {
        const es = context.target.lift.es;
        const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
        let answered = 0;
        let refused = 0;
        let other = 0;
        for (let i = 0; i < count; i++) {
          const name = event === 'listen' && i % 2 === 1 ? 'unlisten' : event;
          socket.emit(name, { es_number: es }, (ack: { data?: unknown; error?: { code?: string } }) => {
            if (ack.error?.code === 'rate_limited') refused++;
            else if (ack.data !== undefined) answered++;
            else other++;
          });
        }
        const reason = await Promise.race([
          closed,
          new Promise<string>((resolve) => setTimeout(() => resolve('still open after 30 s'), 30_000)),
        ]);
        socket.close();
        const problems: string[] = [];
        if (reason !== 'io server disconnect')
          problems.push(`the socket was not disconnected by the server (${reason})`);
        if (answered > answeredAtMost)
          problems.push(`${String(answered)} answered, the budget allows ${String(answeredAtMost)}`);
        if (refused < 100) problems.push(`only ${String(refused)} refused before the close`);
        if (other > 0) problems.push(`${String(other)} acknowledgements neither an answer nor rate_limited`);
        return {
          outcome: `${count.toLocaleString('en')} sent: ${String(answered)} answered, ${String(refused)} rate_limited, ${reason}`,
          problems,
        };
      };
    },
  };
}

export const socketAttacks: Attack[] = [
  flood('getModuleStatus', 400, 4000),
  flood('getSensorData', 400, 2000),
  flood('listen', 1000, 10_000),
  {
    name: 'One user opens more sockets than the cap',
    finding: 5,
    documented: 'SOCKETS_PER_USER sockets connect, the next is refused with too_many_sockets',
    prepare: (context) =>
      Promise.resolve(async () => {
        const cap = context.target.socketsPerUser;
        // The floods' sockets are closed; the server frees their places when it sees the closes.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const sockets = await Promise.all(Array.from({ length: cap }, () => open(context, context.tokens.monteur)));
        const extra = await open(context, context.tokens.monteur).then(
          (socket) => {
            sockets.push(socket);
            return 'connected';
          },
          (err: unknown) => {
            const code = (err as { data?: { code?: unknown } }).data?.code;
            return typeof code === 'string' ? code : (err as Error).message;
          },
        );
        for (const socket of sockets) socket.close();
        return {
          outcome: `${String(cap)} connected, socket ${String(cap + 1)}: ${extra}`,
          problems: extra === 'too_many_sockets' ? [] : [`socket ${String(cap + 1)}: ${extra}`],
        };
      }),
  },
];
