// `npm run module-key -- ES-100001`: gives a module a new key for POST /liftwacht/ingest and prints
// it once (only its hash is stored; the old key stops working). Uses the configured database: with
// the embedded PGlite, stop the server first (one process at a time may open it).
import { ConfigError, databaseTarget, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { generateModuleKey } from '../../lib/module-keys.ts';
import { ModuleKeysRepository } from './module-keys.repository.ts';

async function main(): Promise<void> {
  const esNumbers = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  if (esNumbers.length === 0) {
    process.stderr.write('Usage: npm run module-key -- ES-100001 [ES-100002 …]\n');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  try {
    const keys = new ModuleKeysRepository(database.db);
    for (const es of esNumbers) {
      const key = generateModuleKey(es);
      if (!(await keys.setKeyHash(es, key.hash, new Date()))) {
        process.stderr.write(`${es}: no such module\n`);
        process.exitCode = 1;
        continue;
      }
      process.stdout.write(`${es}  x-module-key: ${key.key}\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(err instanceof ConfigError ? 2 : 1);
});
