// The hostile corpus of issue 42: every attack of the report, in one list, and how one is run —
// made first, then sent while GET /health is probed every ~50 ms. `hostile-corpus.test.ts` runs
// the list in npm test at sizes just beyond each limit; `npm run bench:abuse` at the report's
// sizes against a server in its own process, with its peak RSS.
import { performance } from 'node:perf_hooks';
import type { Attack, AttackContext, AttackOutcome } from './attack.ts';
import { startHealthProbe, type HealthFigures } from './health-probe.ts';
import { heavyReadAttacks } from './heavy-read-attacks.ts';
import { identityAttacks } from './identity-attacks.ts';
import { importAttacks } from './import-attacks.ts';
import { socketAttacks } from './socket-attacks.ts';
import { webhookAttacks } from './webhook-attacks.ts';

/** /health must answer every probe within this while any attack runs (issue 42). */
export const healthBudgetMs = 1000;

/**
 * In the report's order. The unapplied uploads move the test's clock a day on, so they come
 * last; the spelling attack spends its user's login counter, which nothing after it needs.
 */
export const hostileCorpus: readonly Attack[] = [
  ...importAttacks.filter((a) => a.name !== 'Ten uploads of the largest valid file left unapplied'),
  ...socketAttacks,
  ...identityAttacks,
  ...webhookAttacks,
  ...heavyReadAttacks,
  ...importAttacks.filter((a) => a.name === 'Ten uploads of the largest valid file left unapplied'),
];

export interface AttackRun extends AttackOutcome {
  attack: Attack;
  ms: number;
  health: HealthFigures;
}

export interface AttackHooks {
  /** Just before the attack is sent (the bench resets the server's peak RSS here). */
  started?(): void;
}

export async function runAttack(attack: Attack, context: AttackContext, hooks: AttackHooks = {}): Promise<AttackRun> {
  const send = await attack.prepare(context);
  const probe = await startHealthProbe(context.target.baseUrl);
  hooks.started?.();
  const started = performance.now();
  let outcome: AttackOutcome;
  try {
    outcome = await send();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    outcome = { outcome: `failed: ${message}`, problems: [`the attack failed: ${message}`] };
  }
  const ms = performance.now() - started;
  const health = await probe.stop();
  const problems = [...outcome.problems];
  if (health.worstMs >= healthBudgetMs) problems.push(`/health took ${health.worstMs.toFixed(0)} ms`);
  if (health.failed > 0) problems.push(`${String(health.failed)} of ${String(health.probes)} /health probes failed`);
  return { ...outcome, problems, attack, ms, health };
}
