import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built web app under /nine/ with an SPA fallback: any /nine path that is not a file
 * answers index.html and the client router takes over. Hashed assets are cached for a year.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: /nine is not served (run `pnpm build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/nine/',
    index: false,
    wildcard: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendIndex = (
    _req: unknown,
    reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown },
  ) => {
    reply.header('cache-control', 'no-cache');
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
