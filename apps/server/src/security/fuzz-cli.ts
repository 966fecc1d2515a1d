// `npm run fuzz -- --requests N [--seed S] [--operation TEXT] [--database-url URL]`: the OpenAPI
// fuzz of the test, for as long as you like, against a fresh PGlite (or a throwaway database on the
// PostgreSQL server at --database-url). Prints the requests tried, a status histogram, the 5xx
// count, the slowest requests and every failed case with what it sent.
import { parseArgs } from 'node:util';
import { createSecurityWorld } from '../test-support/security-world.ts';
import { afterFuzzCase, credentialHeaders, fuzzTargets } from './fuzz-run.ts';
import { describeOutcome, fuzzCases, runFuzzCase, type FuzzOutcome } from './openapi-fuzz.ts';
import { readOperations } from './openapi-operations.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '5000' },
    seed: { type: 'string' },
    operation: { type: 'string' },
    'database-url': { type: 'string' },
    'show-failures': { type: 'string', default: '40' },
  },
});
const requests = Number(values.requests);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const showFailures = Number(values['show-failures']);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- --requests N [--seed S] [--operation TEXT] [--database-url URL]');
  process.exit(2);
}
if (values['database-url']) {
  // test-database.ts creates (and drops) a throwaway database on this server.
  process.env.TEST_DATABASE_URL = values['database-url'];
  process.env.LIFTWACHT_TEST_DB = 'postgres';
}

console.log(
  `fuzz: seed ${seed}, ${requests} requests${values.operation ? `, operations matching "${values.operation}"` : ''}`,
);
const world = await createSecurityWorld({
  MQTT_PORT: '0',
  LOGIN_RATE_LIMIT_PER_IP: '100000000',
  LOGIN_RATE_LIMIT_PER_USERNAME: '100000000',
});
try {
  await world.t.app.mqtt.start();
  const operations = (await readOperations(world.t.app)).filter(
    (o) => values.operation === undefined || o.key.includes(values.operation),
  );
  if (operations.length === 0) throw new Error(`no operation matches "${values.operation ?? ''}"`);
  const targets = await fuzzTargets(world, operations);
  const streams = targets.map((target) => ({ target, cases: fuzzCases(target, seed) }));

  const histogram = new Map<number, number>();
  const failures: FuzzOutcome[] = [];
  const slowest: FuzzOutcome[] = [];
  const started = performance.now();
  let tried = 0;
  for (let i = 0; i < requests; i++) {
    const stream = streams[i % streams.length];
    const next = stream?.cases.next();
    if (!stream || !next || next.done) continue;
    const headers = await credentialHeaders(world, stream.target.operation, next.value.credential);
    const outcome = await runFuzzCase(world.t.app, next.value, headers);
    await afterFuzzCase(world, stream.target.operation, outcome.status);
    tried++;
    histogram.set(outcome.status, (histogram.get(outcome.status) ?? 0) + 1);
    if (outcome.problems.length > 0) failures.push(outcome);
    slowest.push(outcome);
    slowest.sort((a, b) => b.ms - a.ms);
    slowest.length = Math.min(slowest.length, 10);
    if (tried % 1000 === 0) {
      console.log(
        `  ${tried} requests, ${failures.length} failed, ${Math.round((performance.now() - started) / 1000)} s`,
      );
    }
  }

  const fiveXx = [...histogram].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  console.log(`\nrequests tried: ${tried} in ${Math.round((performance.now() - started) / 1000)} s (seed ${seed})`);
  console.log(
    `statuses: ${[...histogram]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ')}`,
  );
  console.log(`5xx: ${fiveXx}`);
  console.log(`failed cases: ${failures.length}`);
  console.log('slowest:');
  for (const outcome of slowest) {
    const { fuzzCase } = outcome;
    console.log(
      `  ${Math.round(outcome.ms)} ms  ${outcome.status}  ${fuzzCase.operation} #${fuzzCase.index} ${fuzzCase.mutation}`,
    );
  }
  if (failures.length > 0 && showFailures > 0) {
    console.log(`\nfailed cases (first ${Math.min(showFailures, failures.length)}):`);
    for (const outcome of failures.slice(0, showFailures)) console.log(describeOutcome(outcome));
  }
  process.exitCode = failures.length > 0 ? 1 : 0;
} finally {
  await world.close();
}
