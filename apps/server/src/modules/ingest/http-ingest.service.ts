// POST /liftwacht/ingest: a module (or its gateway) sends many messages at once with its module key.
// Items are checked one by one; the good ones go through the same pipeline as MQTT messages, and the
// answer says what happened to each bad one.
import { esNumberSchema, type IngestBatchResponse } from '@liftwacht/contracts/ingest';
import { unauthorized } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { IngestSink } from './ingest-pipeline.ts';
import { parseBatchItem } from './message-parser.ts';
import { moduleKeyMatches, splitModuleKey } from '../../lib/module-keys.ts';
import type { ModuleKeysRepository } from './module-keys.repository.ts';

export class HttpIngestService {
  constructor(
    private readonly keys: ModuleKeysRepository,
    private readonly pipeline: Pick<IngestSink, 'submit'>,
    private readonly clock: Clock,
  ) {}

  /** The module a key belongs to; 401 for a missing, malformed or wrong key. */
  async authenticate(header: string | undefined): Promise<string> {
    const parts = splitModuleKey(header);
    // A module number that cannot exist is a wrong key, before it reaches SQL.
    if (!parts || !esNumberSchema.safeParse(parts.esNumber).success)
      throw unauthorized('unauthorized', 'Send the module key in the x-module-key header');
    const row = await this.keys.keyHash(parts.esNumber);
    if (!row || !moduleKeyMatches(parts.secret, row.keyHash)) {
      throw unauthorized('unauthorized', 'The module key is not valid');
    }
    return parts.esNumber;
  }

  /** Resolves once every accepted item is stored; throws (nothing acknowledged) if storing failed. */
  async ingest(esNumber: string, items: readonly unknown[]): Promise<IngestBatchResponse['data']> {
    const now = this.clock.now();
    const outcomes = await Promise.all(
      items.map((item, index) =>
        this.pipeline.submit(parseBatchItem(esNumber, item, now), `http ${esNumber}[${String(index)}]`),
      ),
    );
    const response: IngestBatchResponse['data'] = { accepted: 0, duplicates: 0, rejected: [] };
    outcomes.forEach((o, index) => {
      if (o.status === 'accepted') response.accepted++;
      else if (o.status === 'duplicate') response.duplicates++;
      else response.rejected.push({ index, reason: o.rejection.reason, message: o.rejection.message });
    });
    return response;
  }
}
