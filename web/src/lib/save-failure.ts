import { errorCatalogue } from '@nine/shared/errors';
import { ApiError } from './api-client.ts';

/**
 * What a record's edit dialog says of a failed save: `conflict` (in the screen's own words) when someone
 * saved the record first (a stale version), else the server's message; null while nothing failed.
 */
export const saveFailureText = (error: unknown, conflict: string): string | null =>
  error instanceof ApiError
    ? error.respCode === errorCatalogue.versionConflict.code
      ? conflict
      : error.message
    : null;
