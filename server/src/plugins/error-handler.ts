import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  envelopeData,
  errorCatalogue,
  type ErrorEnvelope,
  type ErrorName,
} from '@nine/shared/errors';
import { ZodError } from 'zod';
import { appErrorFromDatabase } from '../lib/db-errors.ts';
import { pickLanguage, type Translate } from '../lib/translator.ts';

/** Fastify's own 4xx errors mapped onto catalogue entries. */
function fromFastifyStatus(status: number): ErrorName {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 413:
      return 'payloadTooLarge';
    case 429:
      return 'rateLimited';
    default:
      return 'validation';
  }
}

function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) {
    return new AppError('validation', {
      data: { issues: err.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message })) },
    });
  }
  const fromDatabase = appErrorFromDatabase(err);
  if (fromDatabase) return fromDatabase;
  const fe = err as FastifyError;
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError(
      fromFastifyStatus(fe.statusCode),
      fe.validation ? { data: { issues: fe.validation } } : {},
    );
  }
  return null;
}

/** One place maps every failure to the `{ resp_code, resp_message, data? }` envelope. */
export function registerErrorHandling(app: FastifyInstance, translate: Translate): void {
  const send = (request: FastifyRequest, reply: FastifyReply, error: AppError) => {
    const lang = pickLanguage(request.headers['accept-language']);
    const body: ErrorEnvelope = {
      resp_code: error.code,
      resp_message: translate(lang, `errors:${error.errorName}`, error.params),
    };
    if (error.data !== undefined) body.data = envelopeData(error.errorName, error.data);
    return reply.code(error.status).send(body);
  };

  app.setErrorHandler((err, request, reply) => {
    const appError = toAppError(err);
    if (appError) return send(request, reply, appError);
    // Anything else is a bug: log it whole, answer without internals.
    request.log.error({ err }, 'unhandled error');
    return send(request, reply, new AppError('internal'));
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, new AppError('notFound')));
}

export const internalStatus = errorCatalogue.internal.status;
