// Compresses the API's answers (@fastify/compress) when the client accepts it: brotli, else gzip,
// from 1 KB up (below that the headers outweigh the saving). Only under /liftwacht: the web app's
// files are compressed once at build time and sent as they are (plugins/web.ts). Types that are
// compressed already (PDF, XLSX, which is a zip) pass through as they are; CSV exports stream
// through the compressor row by row (docs/assets-and-caching.md).
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const compressionThresholdBytes = 1024;

export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Before @fastify/compress adds its own hook, which reads `compress` off each new route.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/liftwacht')) route.compress = false;
    });
    await app.register(fastifyCompress, {
      global: true,
      // zstd only exists on newer Node versions, deflate is ambiguous in practice: br and gzip, in
      // that order of preference, whatever order the client lists them in.
      encodings: ['br', 'gzip'],
      threshold: compressionThresholdBytes,
      // Request bodies stay uncompressed: an upload inflating past the body limit is not worth it.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
