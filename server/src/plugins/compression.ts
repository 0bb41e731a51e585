import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const API_COMPRESSION: FastifyCompressOptions = {
  threshold: COMPRESS_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
  // Quality 4 is close to gzip's size at a fraction of brotli's best-quality time, per request.
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
};

/**
 * Compresses /api answers above the threshold by the request's Accept-Encoding (br, then gzip). Only /api:
 * the web app's files are compressed once at build time and sent as they are (see web-app.ts), so nothing
 * here compresses them again on every request. Request bodies are never decompressed (no zip bombs).
 * Must be registered before the routes: it hooks each /api route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook (added after it), so the plugin sees the choice.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && route.url.startsWith('/api/')) route.compress = API_COMPRESSION;
  });
  await app.register(fastifyCompress, { ...API_COMPRESSION, global: false, globalDecompression: false });
}
