// SQL for module keys.
import { eq } from 'drizzle-orm';
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

  /** Stores a new key hash; false when there is no such module. */
  async setKeyHash(esNumber: string, hash: string): Promise<boolean> {
    const rows = await this.db
      .update(modules)
      .set({ keyHash: hash })
      .where(eq(modules.esNumber, esNumber))
      .returning({ id: modules.id });
    return rows.length > 0;
  }
}
