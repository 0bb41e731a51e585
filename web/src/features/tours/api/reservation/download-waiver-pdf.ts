import { i18n } from '../../../../lib/i18n.ts';
import { rawRequest, type RawRequestAuth } from '../../../../lib/raw-request.ts';

/**
 * GET /api/nine/tours/waivers/:id/pdf: the signed waiver as a PDF, with its hash. A file, so a plain fetch
 * with the session's bearer token (the JSON client cannot carry one).
 */
export async function downloadWaiverPdf(
  waiverId: number,
  auth: RawRequestAuth,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await rawRequest(
    `nine/tours/waivers/${waiverId}/pdf`,
    auth,
    i18n.t('tours:participants.pdf_failed'),
  );
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `waiver-${waiverId}.pdf`;
  return { blob: await response.blob(), fileName };
}
