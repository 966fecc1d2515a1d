import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { organisations } from '../src/db/schema.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createMailer } from '../src/plugins/mail.ts';
import { freshPostgresDatabase } from '../src/bench/bench-support.ts';
import { VirtualModule } from '../src/db/simulator/virtual-module.ts';
import { moduleTopic } from '@liftwacht/contracts/ingest';
import { IngestRepository } from '../src/modules/ingest/ingest.repository.ts';
import * as rollup from '../src/db/rollups/availability-rollup.ts';
const timings: Record<string, number> = {};
for (const name of Object.getOwnPropertyNames(IngestRepository.prototype)) {
  if (name === 'constructor') continue;
  const orig = (IngestRepository.prototype as any)[name];
  (IngestRepository.prototype as any)[name] = async function (...a: any[]) { const t = performance.now(); try { return await orig.apply(this, a); } finally { timings[name] = (timings[name] ?? 0) + performance.now() - t; } };
}

const dbUrl = await freshPostgresDatabase('lw_probe');
const dataDir = mkdtempSync(path.join(tmpdir(), 'probe-'));
const database = await openDatabase({ url: dbUrl });
const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', JWT_SECRET: 'x'.repeat(40), MQTT_PORT: '0', INGEST_BATCH_SIZE: process.env.BS ?? '500' });
const app = await buildApp({ config, database, clock: systemClock, mailer: createMailer({ smtpUrl: undefined, outboxDir: dataDir, from: 'a <a@b.c>' }), logger: true });
await app.ready();
const [org] = await database.db.insert(organisations).values({ name: 'P', type: 'owner' }).returning();
const M = 1000;
await database.db.execute(sql`with l as (insert into lifts (organisation_id, name, address, lift_type) select ${org!.id}, 'L'||g, 'A'||g, 'x' from generate_series(1, ${M}) g returning id) insert into modules (es_number, lift_id, last_seen_at) select 'P-'||id, id, now() from l`);
const es = ((await database.db.execute(sql`select es_number from modules order by id`)) as any).rows.map((r: any) => r.es_number as string);
const vms = es.map((e: string, i: number) => new VirtualModule({ es: e, floors: 5, lowestFloor: 0, hasIntercom: true, firmware: '1' }));
const N = Number(process.env.N ?? 20000);
const msgs: [string, Buffer][] = [];
for (let i = 0; i < N; i++) { const vm = vms[i % M]; const m = vm.step(); msgs.push([moduleTopic(vm.es, 'e' in m ? 'provisioning' : 'module'), Buffer.from(JSON.stringify(m))]); }
const t0 = performance.now();
await Promise.all(msgs.map(([t, p]) => app.ingest.pipeline.submitMqtt(t, p)));
const s = (performance.now() - t0) / 1000;
console.log(timings); console.log(`${N} msgs in ${s.toFixed(1)} s = ${(N / s).toFixed(0)}/s`, app.ingest.pipeline.counters);
await app.close(); await database.close();
