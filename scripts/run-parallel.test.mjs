import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('run-parallel.mjs', import.meta.url));
const runParallel = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('run-parallel', () => {
  it('runs a stage’s commands at the same time and prefixes each line with its label', () => {
    // Each writes its own file, then waits up to 5 s for the other's: one after the other, the
    // first would give up and fail.
    const marker = (name) => path.join(tmpdir(), `run-parallel-${String(process.pid)}-${name}`);
    const meet = (own, other, word) =>
      `touch ${marker(own)}; for i in $(seq 50); do [ -e ${marker(other)} ] && break; sleep 0.1; done; [ -e ${marker(other)} ] && echo ${word}`;
    const result = runParallel(`a=${meet('a', 'b', 'one')}`, `b=${meet('b', 'a', 'two')}`);
    rmSync(marker('a'), { force: true });
    rmSync(marker('b'), { force: true });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('[a] one');
    expect(result.stdout).toContain('[b] two');
  });

  it('starts the next stage after every command before it ended, and fails with the failed labels', () => {
    const result = runParallel('slow=sleep 0.3; echo slow done', 'broken=exit 3', '--then', 'last=echo last');
    const lines = result.stdout.split('\n');
    expect(lines).toContain('[slow] slow done');
    expect(lines.indexOf('[last] last')).toBeGreaterThan(lines.indexOf('[slow] slow done'));
    expect(lines.indexOf('[last] last')).toBeGreaterThan(
      lines.findIndex((line) => line.startsWith('[broken] finished')),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('failed: broken');
  });

  it('refuses an empty stage or a command without a label', () => {
    expect(runParallel('a=true', '--then').status).toBe(2);
    expect(runParallel('=true').status).toBe(2);
    expect(runParallel().status).toBe(2);
  });
});
