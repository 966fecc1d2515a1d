// Serves the built web app at / with an SPA fallback: any GET outside /liftwacht that is not a
// file gets index.html, so deep links work. The build holds a brotli and a gzip copy of each text
// file (apps/web/scripts/precompress.ts): the one Accept-Encoding asks for goes out as it is,
// brotli before gzip, the file itself otherwise. Hashed assets are cached for a year; index.html
// never without asking (docs/assets-and-caching.md).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { excerpt } from '../lib/excerpt.ts';

/** Files under assets/ carry their content's hash in their name: a new build, a new name. */
export const hashedAssetCache = 'public, max-age=31536000, immutable';
/** The app shell names the current hashed files: always asked again (a 304 when unchanged). */
export const appShellCache = 'no-cache';
/**
 * Other files of public/ (favicon.svg, zod-config.js) keep their name across releases: an hour
 * spares the request on every page load; a release reaches everyone within the hour.
 */
export const unhashedFileCache = 'public, max-age=3600';

function cacheControl(filePath: string, distDir: string): string {
  const relative = path.relative(distDir, filePath);
  if (relative.startsWith(`assets${path.sep}`)) return hashedAssetCache;
  // The path is the one sent, index.html.br for instance.
  if (/^index\.html(?:\.br|\.gz)?$/.test(relative)) return appShellCache;
  return unhashedFileCache;
}

export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string }) => {
    if (!existsSync(path.join(opts.distDir, 'index.html'))) {
      app.log.warn({ distDir: opts.distDir }, 'web app not built; only the API is served (run npm run build)');
      return;
    }
    const distDir = path.resolve(opts.distDir);
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // No routes of their own for the compressed copies: they answer for the file they copy.
      globIgnore: ['**/*.br', '**/*.gz'],
      // Off, so send's own `public, max-age=0` does not overwrite the header set below.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControl(filePath, distDir));
        // The same URL answers in three encodings: a shared cache must key on Accept-Encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.get('/*', (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (url.startsWith('/liftwacht/') || url === '/liftwacht') {
        return reply.code(404).send({ error: { code: 'not_found', message: `No route for GET ${excerpt(url)}` } });
      }
      if (path.extname(url) && url !== '/') {
        // A missing asset is a real 404, not the app shell.
        return reply.code(404).send({ error: { code: 'not_found', message: `No file ${excerpt(url)}` } });
      }
      return reply.sendFile('index.html');
    });
  },
  { name: 'web' },
);
