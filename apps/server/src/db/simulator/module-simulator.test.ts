// The simulator must outlive a broker that is not there yet (a restart under load): it starts, waits
// and publishes once the broker comes.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Aedes } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { ModuleSimulator } from './module-simulator.ts';

const cleanups: (() => Promise<void>)[] = [];
// In the order they were registered: the simulator stops while its broker is still there to
// acknowledge what is in flight, then the broker goes. The other way round, a client that has not
// yet noticed its broker left waits for acknowledgements that never come (seen under load).
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startBroker(port: number, options: { acknowledge?: boolean } = {}): Promise<{ received: string[] }> {
  const received: string[] = [];
  // acknowledge: false holds every publish unanswered, like a server whose store has not come back.
  const broker = await Aedes.createBroker(
    options.acknowledge === false ? { authorizePublish: (_client, packet) => void received.push(packet.topic) } : {},
  );
  broker.on('publish', (packet, client) => {
    if (client) received.push(packet.topic);
  });
  const server: Server = createServer(broker.handle);
  // server.close() waits for every open connection, and the simulator reconnects within a second:
  // the cleanup ends them itself, whatever order the cleanups run in.
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  });
  return { received };
}

describe('ModuleSimulator', () => {
  it('starts while the broker is down and publishes once it comes up', async () => {
    const port = await freePort();
    const simulator = new ModuleSimulator({
      brokerUrl: `mqtt://127.0.0.1:${String(port)}`,
      modules: [{ es: 'ES-SIM-1', floors: 4, lowestFloor: 0, hasIntercom: true, firmware: '4.2.1' }],
      rate: 20,
    });
    cleanups.push(() => simulator.stop());
    await simulator.start();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { received } = await startBroker(port);
    await simulator.whenConnected();
    await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(received.every((topic) => topic.startsWith('liftwacht/modules/ES-SIM-1/'))).toBe(true);
  });

  it('connects a large fleet a slice at a time, letting other work run in between, and sets every module up', async () => {
    const port = await freePort();
    const { received } = await startBroker(port);
    const modules = Array.from({ length: 50 }, (_, i) => ({
      es: `ES-SIM-${String(100 + i)}`,
      floors: 4,
      lowestFloor: 0,
      hasIntercom: true,
      firmware: '4.2.1',
    }));
    // A very low rate: the setup messages are what is counted.
    const simulator = new ModuleSimulator({ brokerUrl: `mqtt://127.0.0.1:${String(port)}`, modules, rate: 0.01 });
    cleanups.push(() => simulator.stop());
    // Other work (a request to the server the simulator runs in) queued as start() begins.
    let started = false;
    let otherWorkRanDuringStart = false;
    setImmediate(() => (otherWorkRanDuringStart = !started));
    await simulator.start();
    started = true;
    expect(otherWorkRanDuringStart).toBe(true);
    await simulator.whenConnected();
    await expect
      .poll(() => new Set(received.filter((t) => t.endsWith('/provisioning'))).size, { timeout: 10_000 })
      .toBe(modules.length);
  });

  it('stops within its bound when the broker never acknowledges what is in flight', async () => {
    const port = await freePort();
    const { received } = await startBroker(port, { acknowledge: false });
    const simulator = new ModuleSimulator({
      brokerUrl: `mqtt://127.0.0.1:${String(port)}`,
      modules: [{ es: 'ES-SIM-2', floors: 4, lowestFloor: 0, hasIntercom: true, firmware: '4.2.1' }],
      rate: 20,
    });
    await simulator.start();
    // A message reached the broker, which holds it unanswered.
    await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThan(0);
    const started = Date.now();
    await simulator.stop();
    // A graceful end waits for the acknowledgements; without the bound it would wait for good.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
