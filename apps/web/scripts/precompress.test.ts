// The build's brotli and gzip copies (issue 21): what is compressed, and that it decodes to the file.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, content: string | Buffer) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
}

describe('precompressDirectory', () => {
  it('writes a brotli and a gzip copy beside each text file that decode to the file', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-precompress-'));
    const script = `export const lifts = [${Array.from({ length: 300 }, (_, i) => `"lift ${String(i)}"`).join(',')}];`;
    const html = `<!doctype html><html lang="nl"><head>${'<link rel="modulepreload" href="/a.js">'.repeat(40)}</head></html>`;
    write('assets/app-abc123.js', script);
    write('index.html', html);

    const summary = await precompressDirectory(dir);

    for (const [file, content] of [
      ['assets/app-abc123.js', script],
      ['index.html', html],
    ] as const) {
      const br = readFileSync(path.join(dir, `${file}.br`));
      const gz = readFileSync(path.join(dir, `${file}.gz`));
      expect(brotliDecompressSync(br).toString('utf8')).toBe(content);
      expect(gunzipSync(gz).toString('utf8')).toBe(content);
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThan(content.length / 3);
    }
    expect(summary.files).toBe(2);
    expect(summary.brotliBytes).toBeLessThan(summary.gzipBytes);
  });

  it('leaves images, the build manifest and copies that would not be smaller alone', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-precompress-'));
    write('assets/logo-abc123.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    write('.vite/manifest.json', JSON.stringify({ 'src/main.tsx': { file: 'assets/index.js' } }).repeat(20));
    write('assets/tiny-abc123.js', 'export{a as b};');

    await precompressDirectory(dir);

    expect(existsSync(path.join(dir, 'assets/logo-abc123.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, '.vite/manifest.json.br'))).toBe(false);
    // 15 bytes: gzip's 18-byte frame alone is larger.
    expect(existsSync(path.join(dir, 'assets/tiny-abc123.js.gz'))).toBe(false);
  });
});
