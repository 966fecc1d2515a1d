// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, so the server
// sends those bytes as they are (@fastify/static `preCompressed`) instead of compressing every
// response again, and can afford the slowest, smallest settings: brotli quality 11, gzip level 9
// (docs/assets-and-caching.md).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Formats that compress; images, fonts and archives in the build are compressed already. */
export const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => {
      // .vite holds the build manifest, which is read from disk, never served.
      const relative = path.relative(dir, file);
      return !relative.split(path.sep).some((part) => part.startsWith('.'));
    });
}

/**
 * Compresses every compressible file under dir. A copy is only written when it is smaller than the
 * file: for a few tiny chunks gzip's header outweighs the saving, and the server then sends the
 * file itself.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressSummary> {
  const files = await listFiles(dir);
  const summary: PrecompressSummary = { files: files.length, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      summary.bytes += content.length;
      summary.brotliBytes += Math.min(br.length, content.length);
      summary.gzipBytes += Math.min(gz.length, content.length);
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
    }),
  );
  return summary;
}

/** Vite plugin: precompresses the build output once everything (public files too) is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'liftwacht:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config?.build.write) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const summary = await precompressDirectory(outDir);
      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      config.logger.info(
        `precompressed ${String(summary.files)} files: ${kb(summary.bytes)} → br ${kb(summary.brotliBytes)}, gzip ${kb(summary.gzipBytes)}`,
      );
    },
  };
}
