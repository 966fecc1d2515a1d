// Keeps the lift page's latest readings (sense_data) without slowing ingest down. Modules repeat
// most readings unchanged in every frame, and a busy module sends several frames a second, so
// readings are collected after each commit and written together every second: the newest value
// per lift and key, and only when it changed or was last written over a minute ago. A reading lost
// to a crash in between comes back with the module's next full frame; the state keys that decide
// events are written inside the ingest transaction instead (see IngestService).
import type { FastifyBaseLogger } from 'fastify';
import type { SenseValue } from './derive-changes.ts';
import type { IngestRepository } from './ingest.repository.ts';

const refreshAfterMs = 60_000;
/** Rows per statement: a few milliseconds of work on the event loop each. */
const chunkSize = 500;

export class SenseDataWriter {
  private pending = new Map<string, SenseValue>();
  /** What this node last wrote per lift and key, to skip unchanged readings. */
  private readonly written = new Map<string, { json: string; at: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: IngestRepository,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 1000,
  ) {}

  record(values: readonly SenseValue[]): void {
    for (const v of values) {
      const key = `${String(v.liftId)}|${v.key}`;
      const known = this.pending.get(key);
      if (!known || known.at <= v.at) this.pending.set(key, v);
    }
    if (!this.timer && this.pending.size > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.intervalMs);
      this.timer.unref();
    }
  }

  /** Writes what is pending; resolves when it (and any flush before it) is done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.flushing.then(() => this.write(batch));
    return this.flushing;
  }

  private async write(batch: Map<string, SenseValue>): Promise<void> {
    // A chunk at a time, deciding and writing: a second's readings of a large fleet are tens of
    // thousands of values, and sorting them out and building one statement for thousands of rows
    // in one go held the event loop (ingest's, and with it every live message) for 100 ms and more.
    const entries = [...batch];
    for (let start = 0; start < entries.length; start += chunkSize) {
      const rows: SenseValue[] = [];
      const marks: [string, { json: string; at: number }][] = [];
      for (const [key, v] of entries.slice(start, start + chunkSize)) {
        const json = JSON.stringify(v.value);
        const last = this.written.get(key);
        const at = v.at.getTime();
        if (last) {
          if (at < last.at) continue;
          if (last.json === json && at - last.at < refreshAfterMs) continue;
        }
        rows.push(v);
        marks.push([key, { json, at }]);
      }
      if (rows.length === 0) continue;
      try {
        await this.repository.upsertSenseData(this.repository.db, rows);
        for (const [key, mark] of marks) this.written.set(key, mark);
      } catch (err) {
        // Latest readings only: the next frames bring them again.
        this.log.warn({ err, rows: rows.length }, 'could not write sense data');
      }
    }
    if (this.written.size > 1_000_000) this.written.clear();
  }
}
