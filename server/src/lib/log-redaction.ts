import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/** Path segments that are bearer secrets: a share link's token, a test payment's reference. */
const SECRET_SEGMENT = /^(\/api\/nine\/public\/(?:participant|test-payments)\/)[^/?#]+/;
/** A `token` query parameter (the participant page's link: /nine/participant/signe?token=…). */
const TOKEN_PARAM = /([?&]token=)[^&#]*/gi;

/**
 * A request URL fit for the log: whoever reads the logs must not be able to open a reservation's participant page
 * or confirm its payment, so the share token and the test-payment reference are replaced.
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, `$1${REDACTED}`).replace(TOKEN_PARAM, `$1${REDACTED}`);
}

/** Fastify's own request serializer with the URL redacted (the logger's `serializers.req`). */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
