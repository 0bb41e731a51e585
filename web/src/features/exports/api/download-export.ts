import { i18n } from '../../../lib/i18n.ts';
import { rawRequest } from '../../../lib/raw-request.ts';

/**
 * GET /api/nine/exports/:id/download as a file (the JSON client cannot carry one), with the session's
 * bearer token; failures become the same typed errors.
 */
export async function downloadExport(id: number, token: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await rawRequest(
    `nine/exports/${id}/download`,
    { token },
    i18n.t('exports:center.download_failed'),
  );
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `export-${id}`;
  return { blob: await response.blob(), fileName };
}
