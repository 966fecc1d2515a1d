// Stored imports expire: a background pass deletes every import liftImportKeptHours after its
// upload when it was never applied (abandoned), or after its apply — the rows it holds serve only
// preview and apply, and the audit log keeps what an apply did. Every node runs the pass; the
// delete is idempotent, so two nodes deleting at once delete each import once. Until the pass
// comes, the service already answers an expired import as gone (isExpired).
import type { FastifyBaseLogger } from 'fastify';
import { liftImportKeptHours } from '@liftwacht/contracts/lift-spreadsheets';
import type { Clock } from '../../lib/clock.ts';
import { PeriodicPass } from '../../lib/periodic-pass.ts';
import type { LiftImportsRepository } from './lift-imports.repository.ts';

export const liftImportExpiryIntervalMs = 10 * 60_000;
const keptMs = liftImportKeptHours * 3_600_000;

/** Whether the import is past keeping: from its upload when not applied, else from its apply. */
export const isExpired = (stored: { createdAt: Date; appliedAt: Date | null }, now: Date): boolean =>
  now.getTime() - (stored.appliedAt ?? stored.createdAt).getTime() >= keptMs;

/** runOnce() answers how many imports it deleted. */
export class LiftImportExpiryJob extends PeriodicPass<number> {
  constructor(
    private readonly repository: LiftImportsRepository,
    private readonly clock: Clock,
    log: FastifyBaseLogger,
  ) {
    super('lift import expiry', log);
  }

  protected pass(): Promise<number> {
    return this.repository.deleteExpired(new Date(this.clock.now().getTime() - keptMs + 1));
  }
}
