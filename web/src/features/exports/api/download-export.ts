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

/** Hands the file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
