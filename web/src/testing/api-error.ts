import { ApiError } from '../lib/api-client.ts';

/** A refusal as the API client throws it for a 4xx/5xx answer with a catalogue code. */
export const httpError = (status: number, respCode: number, message: string, data?: unknown) =>
  new ApiError({ kind: 'http', status, respCode, message, data });
