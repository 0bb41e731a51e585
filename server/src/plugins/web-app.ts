import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

/** Hashed build output (Vite names every file under assets/ by its content): never changes at a URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app under /nine/ with an SPA fallback: any /nine path that is not a file
 * answers index.html and the client router takes over. The build wrote a `.br` and a `.gz` beside each text
 * file, sent by the request's Accept-Encoding (br first); hashed assets are cached for a year, everything
 * else (index.html names the current assets) is revalidated on every load.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: /nine is not served (run `pnpm build`)');
    return false;
  }
  const root = resolve(webDist);
  const assetsDir = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    prefix: '/nine/',
    index: false,
    wildcard: false,
    preCompressed: true,
    // @fastify/send writes its own `cache-control: public, max-age=0` after setHeaders ran, which
    // replaced the year below; without it, setHeaders' header is the one sent.
    cacheControl: false,
    setHeaders(res, path) {
      // `path` is the file sent (`x.js.br` for a precompressed one): caches must key on the encoding.
      res.setHeader('vary', 'accept-encoding');
      res.setHeader('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      // index.html opened by name: the page never passes its URL (a participant's share token) as Referer.
      if (path.endsWith('.html')) res.setHeader('referrer-policy', 'no-referrer');
    },
  });
  const sendIndex = (
    _req: unknown,
    reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown },
  ) => {
    reply.header('cache-control', 'no-cache');
    // The participant page's URL holds its share token: never sent on as a Referer.
    reply.header('referrer-policy', 'no-referrer');
    return reply.sendFile('index.html');
  };
  app.get('/', { config: { access: 'public' } }, (_req, reply) => reply.redirect('/nine/'));
  app.get('/nine', { config: { access: 'public' } }, (_req, reply) => reply.redirect('/nine/'));
  app.get('/nine/*', { config: { access: 'public' } }, (request, reply) => {
    // Unknown files under assets are real 404s; everything else is a client route.
    if (request.url.startsWith('/nine/assets/')) return reply.callNotFound();
    return sendIndex(request, reply);
  });
  return true;
}
