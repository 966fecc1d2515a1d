// Socket.IO clients for tests: a browser-like socket (websocket only, the portal's origin, no
// reconnection) that resolves once connected, or with the code the server refused it with.
import { io as connect, type Socket } from 'socket.io-client';
import { socketPath, type ClientToServerEvents, type ServerToClientEvents } from '@liftwacht/contracts/realtime';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function socketTo(url: string, token: string, origin: string): ClientSocket {
  return connect(url, {
    path: socketPath,
    transports: ['websocket'],
    reconnection: false,
    query: { token },
    extraHeaders: { origin },
    forceNew: true,
  });
}

/** A connected socket; `opened` collects it so the test can close every socket afterwards. */
export async function openSocket(
  url: string,
  token: string,
  opened: ClientSocket[],
  origin = 'https://portal.test',
): Promise<ClientSocket> {
  const socket = socketTo(url, token, origin);
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The `data.code` the server refused the handshake with; rejects if it connects. */
export function refusedSocket(
  url: string,
  token: string,
  opened: ClientSocket[],
  origin = 'https://portal.test',
): Promise<unknown> {
  const socket = socketTo(url, token, origin);
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (err) => resolve((err as Error & { data?: { code?: unknown } }).data?.code));
  });
}
