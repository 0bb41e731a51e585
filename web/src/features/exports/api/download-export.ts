import { API_BASE } from '@nine/shared/constants';
import { ApiError, messageOf, toApiError } from '../../../lib/api-client.ts';
import { currentLanguage, i18n } from '../../../lib/i18n.ts';

/**
 * GET /api/nine/exports/:id/download as a file. The JSON client cannot carry a file, so this is a plain
 * fetch with the same bearer token; failures become the same typed errors.
 */
export async function downloadExport(id: number, token: string): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/nine/exports/${id}/download`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': currentLanguage() },
    });
  } catch (error) {
    throw await toApiError(error);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    throw new ApiError({
      kind: 'http',
      status: response.status,
      respCode: typeof record.resp_code === 'number' ? record.resp_code : null,
      message: messageOf(body) ?? i18n.t('exports:center.download_failed'),
    });
  }
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
