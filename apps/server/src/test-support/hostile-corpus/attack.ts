// One attack of the hostile corpus: what it replays of issue 42, what the documentation promises
// for it, and how it is sent. Files are made in `prepare`, before /health is probed, so the probe
// measures the server, not the making of a 20 MB file.
import type { CorpusScale, CorpusTarget } from './corpus-target.ts';

export interface AttackTokens {
  admin: string;
  monteur: string;
}

export interface AttackContext {
  target: CorpusTarget;
  tokens: AttackTokens;
  scale: CorpusScale;
}

export interface AttackOutcome {
  /** What happened, as a bench line shows it ("413 payload_too_large", "201 → 200, 500 created"). */
  outcome: string;
  /** Every way the outcome differs from the documented one; none when it holds. */
  problems: string[];
  /** Set when the attack cannot run against this target (the reason). */
  skipped?: string;
}

export interface Attack {
  name: string;
  /** The finding of issue 42 it replays (1–9, in the report's order). */
  finding: number;
  documented: string;
  prepare(context: AttackContext): Promise<() => Promise<AttackOutcome>>;
}
