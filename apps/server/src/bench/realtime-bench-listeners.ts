// One listener process of `npm run bench:realtime`: opens its share of the sockets (the browsers),
// each listening to one module, and times every `module` message from the module's own timestamp
// `t` to its arrival here. The sockets live apart from the publishing modules so a busy receiver
// never delays the modules' publishing (and the other way round), as on real machines; every
// process reads the same system clock.
//
// The sockets speak the Socket.IO protocol (Engine.IO 4 over WebSocket) directly on `ws`: the
// server cannot tell them from socket.io-client, and the machine the server shares with them is
// not spent on a browser library's bookkeeping. A message counts when its frame has arrived and
// been decoded, as a browser's handler would see it.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { socketPath, socketTokenQueryParameter, type ModuleSocketMessage } from '@liftwacht/contracts/realtime';

export interface ListenerTarget {
  es: string;
  token: string;
}

export type ListenerCommand =
  { type: 'open'; url: string; targets: ListenerTarget[] } | { type: 'measure' } | { type: 'stop' } | { type: 'close' };

export type ListenerReply =
  | { type: 'opened'; sockets: number }
  | { type: 'measuring' }
  | { type: 'stopped'; latencies: number[]; cpuSeconds: number; lagP99Ms: number }
  | { type: 'closed' }
  | { type: 'error'; message: string };

let sockets: WebSocket[] = [];
let measuring = false;
let latencies: number[] = [];
let cpuStart = process.cpuUsage();
const lag = monitorEventLoopDelay({ resolution: 10 });

function reply(message: ListenerReply): void {
  process.send?.(message);
}

/**
 * One socket: Engine.IO open ("0…") → namespace connect ("40") → connected ("40…") → listen with
 * ack id 0 ("420[…]") → its ack ("430[…]"). Pings ("2") are answered ("3"); events ("42[…]") timed.
 */
function open(url: string, target: ListenerTarget): Promise<WebSocket> {
  const address = new URL(`${socketPath}/`, url.replace(/^http/, 'ws'));
  address.searchParams.set('EIO', '4');
  address.searchParams.set('transport', 'websocket');
  address.searchParams.set(socketTokenQueryParameter, target.token);
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(address);
    let listening = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`socket for ${target.es} did not start listening within 60 s`));
    }, 60_000);
    const fail = (reason: string) => {
      clearTimeout(timer);
      ws.terminate();
      reject(new Error(`socket for ${target.es}: ${reason}`));
    };
    ws.on('error', (err) => fail(err.message));
    ws.on('message', (data) => {
      const text = (data as Buffer).toString();
      if (text.startsWith('42')) {
        const [event, payload] = JSON.parse(text.slice(2)) as [string, ModuleSocketMessage];
        if (measuring && event === 'module') latencies.push(Date.now() - Date.parse(payload.message.t));
      } else if (text === '2') {
        ws.send('3');
      } else if (text.startsWith('0')) {
        ws.send('40');
      } else if (text.startsWith('40')) {
        ws.send(`420${JSON.stringify(['listen', { es_number: target.es }])}`);
      } else if (text.startsWith('430') && !listening) {
        const [ack] = JSON.parse(text.slice(3)) as [{ error?: { message: string } }];
        if (ack.error) {
          fail(ack.error.message);
          return;
        }
        listening = true;
        clearTimeout(timer);
        resolve(ws);
      } else if (text.startsWith('44')) {
        fail(`refused: ${text.slice(2)}`);
      }
    });
  });
}

async function openAll(url: string, targets: ListenerTarget[]): Promise<number> {
  // A few hundred handshakes at a time: a browser fleet does not arrive in one millisecond either.
  for (let i = 0; i < targets.length; i += 250) {
    sockets.push(...(await Promise.all(targets.slice(i, i + 250).map((t) => open(url, t)))));
  }
  return sockets.length;
}

process.on('message', (command: ListenerCommand) => {
  void (async () => {
    try {
      if (command.type === 'open') {
        reply({ type: 'opened', sockets: await openAll(command.url, command.targets) });
      } else if (command.type === 'measure') {
        latencies = [];
        measuring = true;
        cpuStart = process.cpuUsage();
        lag.reset();
        lag.enable();
        reply({ type: 'measuring' });
      } else if (command.type === 'stop') {
        measuring = false;
        lag.disable();
        const cpu = process.cpuUsage(cpuStart);
        reply({
          type: 'stopped',
          latencies,
          cpuSeconds: (cpu.user + cpu.system) / 1e6,
          lagP99Ms: lag.percentile(99) / 1e6,
        });
        latencies = [];
      } else {
        for (const s of sockets) s.close();
        sockets = [];
        reply({ type: 'closed' });
      }
    } catch (err) {
      reply({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
