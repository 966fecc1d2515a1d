// Runs shell commands at the same time and fails when any of them fails (npm test: the server's
// tests in one lane; checks, the web's tests and the untimed browser flows in the other, so CI
// stays within its time). `--then` starts a further stage once every command before it has ended,
// whatever their outcome, so work that needs the machine to itself (the browser flows timed to the
// second) runs alone, and a failure early on still lets the rest report. Each line of output is
// prefixed with its command's label; a failing command's label is repeated at the end.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** @type {{ label: string, command: string }[][]} */
const stages = [[]];
for (const arg of process.argv.slice(2)) {
  if (arg === '--then') {
    stages.push([]);
    continue;
  }
  const at = arg.indexOf('=');
  stages.at(-1)?.push({ label: arg.slice(0, at), command: arg.slice(at + 1) });
}
if (stages.some((stage) => stage.length === 0 || stage.some((c) => !c.label || !c.command))) {
  console.error(
    'usage: node scripts/run-parallel.mjs label="command" [label="command" ...] [--then label="command" ...]',
  );
  process.exit(2);
}

const started = Date.now();
/** Runs one command with its output prefixed by its label; resolves whether it succeeded. */
function run({ label, command }) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`[${label}] finished with ${signal ?? `exit code ${String(code)}`} after ${String(seconds)} s`);
      resolve({ label, ok: code === 0 });
    });
  });
}

const failed = [];
for (const stage of stages) {
  const results = await Promise.all(stage.map(run));
  failed.push(...results.filter((r) => !r.ok).map((r) => r.label));
}
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
