/**
 * A real OpenID Connect provider (oidc-provider) for tests: any login is accepted and becomes the
 * account's e-mail claim. Used by server tests in-process and by the end-to-end harness as a CLI:
 *   node --import tsx test/support/oidc-provider.ts <port> <redirect_uri>
 */
import type { Server } from 'node:http';
// oidc-provider ships no type declarations.
// @ts-expect-error -- untyped module
import Provider from 'oidc-provider';

export const TEST_CLIENT = { client_id: 'nine-test', client_secret: 'nine-test-secret' };

export interface LocalProvider {
  issuer: string;
  close(): Promise<void>;
}

export async function startOidcProvider(port: number, redirectUris: string[]): Promise<LocalProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...TEST_CLIENT,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: !id.startsWith('unverified') }),
    }),
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['nine-test-cookie-key'] },
  });
  // Quiet: the provider warns about development settings, which is the point here.
  provider.on('server_error', () => {});
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((ok) => server.once('listening', () => ok()));
  return { issuer, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const [port, ...uris] = process.argv.slice(2);
  const p = await startOidcProvider(Number(port), uris);
  process.stdout.write(`oidc provider ready at ${p.issuer}\n`);
  process.on('SIGTERM', () => void p.close().then(() => process.exit(0)));
}
