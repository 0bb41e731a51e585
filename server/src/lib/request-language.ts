import type { FastifyRequest } from 'fastify';
import type { Language } from '@nine/shared/constants';
import { pickLanguage } from './translator.ts';

export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}
