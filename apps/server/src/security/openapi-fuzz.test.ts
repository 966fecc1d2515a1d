// The bounded fuzz run: for every operation of /liftwacht/openapi.json, every applicable kind of bad
// input (openapi-fuzz.ts) once anonymously and once with a credential that passes the guard. No
// answer may be a 5xx, lack the error envelope, take over 2 s or echo a long request value.
// FUZZ_SEED=n replays another seed; `npm run fuzz -- --requests N` runs the same generator longer.
// Then the raw HTTP level, against a listening server: what never reaches a route.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecurityWorld } from '../test-support/security-world.ts';
import { isErrorEnvelope } from './error-envelope.ts';
import { afterFuzzCase, credentialHeaders, fuzzTargets } from './fuzz-run.ts';
import { applicableMutations, describeOutcome, fuzzCases, runFuzzCase, type FuzzOutcome } from './openapi-fuzz.ts';
import { readOperations } from './openapi-operations.ts';

const seed = Number(process.env.FUZZ_SEED ?? 20_260_310);
/** Random cases per operation after the systematic pass (every mutation × anonymous and credentialed). */
const randomCases = Number(process.env.FUZZ_RANDOM_CASES ?? 60);
const world = await createSecurityWorld({
  MQTT_PORT: '0',
  // The fuzz signs in thousands of times with bad input; the limiter would answer 429 before the
  // validation it is meant to reach.
  LOGIN_RATE_LIMIT_PER_IP: '1000000',
  LOGIN_RATE_LIMIT_PER_USERNAME: '1000000',
});
await world.t.app.mqtt.start();
const operations = await readOperations(world.t.app);
const targets = await fuzzTargets(world, operations);
let requests = 0;

afterAll(async () => {
  console.info(`openapi fuzz: seed ${seed}, ${operations.length} operations, ${requests} requests`);
  await world.close();
});

describe(`OpenAPI fuzz (seed ${seed}; replay: FUZZ_SEED=${seed})`, () => {
  for (const target of targets) {
    const count = applicableMutations(target.operation).length * 2 + randomCases;
    it(`${target.operation.key}: ${count} bad requests`, async () => {
      const failures: FuzzOutcome[] = [];
      const cases = fuzzCases(target, seed);
      for (let i = 0; i < count; i++) {
        const next = cases.next();
        if (next.done) break;
        const headers = await credentialHeaders(world, target.operation, next.value.credential);
        const outcome = await runFuzzCase(world.t.app, next.value, headers);
        await afterFuzzCase(world, target.operation, outcome.status);
        requests++;
        if (outcome.problems.length > 0) failures.push(outcome);
      }
      expect(failures.map(describeOutcome), `seed ${seed}`).toEqual([]);
    });
  }
});

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Writes bytes on a fresh connection and reads until the server closes it or a response is complete. */
function rawRequest(port: number, bytes: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split >= 0 ? text.slice(0, split) : text;
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: split >= 0 ? text.slice(split + 4) : '' });
    };
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      const split = text.indexOf('\r\n\r\n');
      if (length !== undefined && split >= 0 && Buffer.byteLength(text, 'latin1') - split - 4 >= Number(length)) {
        socket.end();
      }
    });
    socket.on('close', finish);
    socket.on('error', (err) => {
      // The server may reset after answering a body it will not read; what arrived still counts.
      if (chunks.length > 0) finish();
      else reject(err);
    });
    socket.write(bytes);
  });
}

describe('raw HTTP: what never reaches a route still answers the JSON error envelope', () => {
  let port = 0;
  const listening = (async () => {
    await world.t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = world.t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  })();

  const expectEnvelope = (answer: RawAnswer, status: number) => {
    const summary = `${answer.head.split('\r\n')[0] ?? ''} ${answer.body.slice(0, 200)}`;
    expect.soft(answer.status, summary).toBe(status);
    expect.soft(isErrorEnvelope(answer.body), `envelope: ${summary}`).toBe(true);
    expect.soft(/content-type: application\/json/i.test(answer.head), `JSON content type: ${summary}`).toBe(true);
  };

  it('a malformed URL (GET /liftwacht/%%) answers 400', async () => {
    await listening;
    expectEnvelope(await rawRequest(port, 'GET /liftwacht/%% HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 400);
  });

  it('a request line over 16 KB answers 431, without echoing it', async () => {
    await listening;
    const path = `/liftwacht/lift?search=${'q'.repeat(17_000)}`;
    const answer = await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expectEnvelope(answer, 431);
    expect(answer.body.includes('q'.repeat(300))).toBe(false);
  });

  it('headers over 16 KB answer 431', async () => {
    await listening;
    const headers = Array.from({ length: 40 }, (_, i) => `X-Filler-${i}: ${'h'.repeat(500)}\r\n`).join('');
    expectEnvelope(
      await rawRequest(port, `GET /liftwacht/version HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`),
      431,
    );
  });

  it('a body over the 1 MB limit answers 413', async () => {
    await listening;
    const body = JSON.stringify({ username: 'x', password: 'p'.repeat(1_100_000) });
    const answer = await rawRequest(
      port,
      `POST /liftwacht/auth HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expectEnvelope(answer, 413);
  });

  it('a chunked body over the 1 MB limit answers 413', async () => {
    await listening;
    const body = JSON.stringify({ username: 'x', password: 'p'.repeat(1_300_000) });
    const size = 64 * 1024;
    let chunked = '';
    for (let i = 0; i < body.length; i += size) {
      const chunk = body.slice(i, i + size);
      chunked += `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
    }
    const answer = await rawRequest(
      port,
      `POST /liftwacht/auth HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked}0\r\n\r\n`,
    );
    expectEnvelope(answer, 413);
  });

  it('a request that is not HTTP answers 400', async () => {
    await listening;
    expectEnvelope(await rawRequest(port, 'HELLO\r\n\r\n'), 400);
  });
});
