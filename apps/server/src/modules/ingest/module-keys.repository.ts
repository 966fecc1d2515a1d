// SQL for module keys.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { modules } from '../../db/schema.ts';

export class ModuleKeysRepository {
  constructor(private readonly db: Db) {}

  async keyHash(esNumber: string): Promise<{ keyHash: string | null } | undefined> {
    const [row] = await this.db
      .select({ keyHash: modules.keyHash })
      .from(modules)
      .where(eq(modules.esNumber, esNumber));
    return row;
  }

  /**
   * Stores a new key hash and when it was made (the module page shows it); false when there is no
   * such module. The version moves, so a page open on the module sees that its key changed.
   */
  async setKeyHash(esNumber: string, hash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(modules)
      .set({ keyHash: hash, keyRotatedAt: now, version: sql`${modules.version} + 1` })
      .where(eq(modules.esNumber, esNumber))
      .returning({ id: modules.id });
    return rows.length > 0;
  }
}
