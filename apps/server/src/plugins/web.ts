// Serves the built web app at / with an SPA fallback: any GET outside /liftwacht that is not a
// file gets index.html, so deep links work. Hashed assets are cached for a year; index.html never.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { excerpt } from '../lib/excerpt.ts';

export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string }) => {
    if (!existsSync(path.join(opts.distDir, 'index.html'))) {
      app.log.warn({ distDir: opts.distDir }, 'web app not built; only the API is served (run npm run build)');
      return;
    }
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
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
      void reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  },
  { name: 'web' },
);
