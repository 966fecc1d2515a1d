// Runs shell commands at the same time and fails when any of them fails (npm test: the server's
// tests in one lane; checks, the web's tests and the browser flows in the other, so CI stays within
// its time). Each line of output is prefixed with its command's label; a failing command's label is
// repeated at the end.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const commands = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf('=');
  return { label: arg.slice(0, at), command: arg.slice(at + 1) };
});
if (commands.length === 0 || commands.some((c) => !c.label || !c.command)) {
  console.error('usage: node scripts/run-parallel.mjs label="command" [label="command" ...]');
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(
  commands.map(
    ({ label, command }) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
        for (const stream of [child.stdout, child.stderr]) {
          createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
        }
        child.on('close', (code, signal) => {
          const seconds = Math.round((Date.now() - started) / 1000);
          console.log(`[${label}] finished with ${signal ?? `exit code ${String(code)}`} after ${String(seconds)} s`);
          resolve({ label, ok: code === 0 });
        });
      }),
  ),
);
const failed = results.filter((r) => !r.ok).map((r) => r.label);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
