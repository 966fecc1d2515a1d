// `npm run simulate -- --modules N --rate R`: N virtual modules publishing R messages per second in
// total to the broker of MQTT_URL, or to the embedded broker of a server running on this machine
// (MQTT_PORT, default 1883). Module numbers follow the demo fleet's (ES-100001, ES-100002, …), so
// `--modules 150` drives the demo fleet; messages of unknown modules are counted and dropped.
import { parseArgs } from 'node:util';
import { ModuleSimulator } from './module-simulator.ts';
import type { ModuleProfile } from './virtual-module.ts';

const usage = `Usage: npm run simulate -- [--modules N] [--rate R] [--first 100001] [--prefix ES-]
                            [--connections K] [--duration SECONDS] [--url mqtt://host:port]
  --modules      virtual modules (default 150)
  --rate         messages per second over all modules (default modules / 5)
  --first        number of the first module (default 100001: the demo fleet's ES-100001)
  --prefix       module number prefix (default ES-)
  --connections  MQTT connections shared by the modules (default one per module)
  --duration     stop after this many seconds (default: run until Ctrl-C)
  --url          broker (default MQTT_URL, else mqtt://127.0.0.1:MQTT_PORT)
  --test-call-hours  hours between automatic test calls (default 3)`;

class UsageError extends Error {}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${name} must be a positive number`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      modules: { type: 'string' },
      rate: { type: 'string' },
      first: { type: 'string' },
      prefix: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      url: { type: 'string' },
      'test-call-hours': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const count = Math.round(positive('modules', values.modules, 150));
  const rate = positive('rate', values.rate, count / 5);
  const first = Math.round(positive('first', values.first, 100_001));
  const prefix = values.prefix ?? 'ES-';
  // The same variables as the server's, read directly: the simulator needs nothing else of its config.
  const set = (v: string | undefined) => (v === '' ? undefined : v);
  const brokerUrl =
    values.url ?? set(process.env.MQTT_URL) ?? `mqtt://127.0.0.1:${set(process.env.MQTT_PORT) ?? '1883'}`;
  const modules: ModuleProfile[] = Array.from({ length: count }, (_, i) => ({
    es: `${prefix}${String(first + i)}`,
    floors: 3 + (i % 9),
    lowestFloor: i % 4 === 0 ? -1 : 0,
    hasIntercom: i % 10 !== 9,
    firmware: '4.2.1',
  }));
  const simulator = new ModuleSimulator({
    brokerUrl,
    modules,
    rate,
    ...(values.connections ? { connections: Math.round(positive('connections', values.connections, 1)) } : {}),
    timing: {
      testCallIntervalMs: positive('test-call-hours', values['test-call-hours'], 3) * 3600_000,
      incidentRate: 1,
    },
  });
  await simulator.start();
  process.stdout.write(
    `Simulating ${String(count)} modules (${modules[0]?.es ?? ''} … ${modules.at(-1)?.es ?? ''}) at ${String(rate)} msg/s → ${brokerUrl}\n`,
  );
  let last = { ...simulator.stats };
  const report = setInterval(() => {
    const s = simulator.stats;
    process.stdout.write(
      `published ${String(s.published)} (+${String(s.published - last.published)}/5 s), acknowledged ${String(s.acknowledged)}, ` +
        `failed ${String(s.failed)}, skipped (backlog) ${String(s.skipped)}\n`,
    );
    last = { ...s };
  }, 5000);
  const stop = () => {
    clearInterval(report);
    void simulator.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (values.duration) setTimeout(stop, positive('duration', values.duration, 1) * 1000);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${usage}\n`);
  process.exit(err instanceof UsageError ? 2 : 1);
});
