import { API_BASE, LOCATION_HEADER } from '@nine/shared/constants';
import { ApiError, messageOf } from '../../../../lib/api-client.ts';
import { currentLanguage, i18n } from '../../../../lib/i18n.ts';
import type { TourDefinitionDetail } from './get-tour-definition.ts';

export interface UploadAuth {
  token: string;
  locationId: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * POST /api/nine/tours/definitions/:id/images (multipart, one file): the server checks the type by its bytes
 * and the location's size limit, then keeps a resized copy and a thumbnail. Sent with XMLHttpRequest, the
 * one browser API that reports upload progress over plain HTTP/1.1 (`onProgress` gets 0 to 1).
 */
export function uploadTourDefinitionImage(
  id: number,
  file: File,
  auth: UploadAuth,
  onProgress: (fraction: number) => void,
): Promise<TourDefinitionDetail> {
  const body = new FormData();
  body.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/nine/tours/definitions/${id}/images`);
    xhr.setRequestHeader('authorization', `Bearer ${auth.token}`);
    xhr.setRequestHeader(LOCATION_HEADER, String(auth.locationId));
    xhr.setRequestHeader('accept-language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError({ kind: 'network', status: 0, message: i18n.t('common:errors.network') }));
    xhr.onload = () => {
      let answer: unknown;
      try {
        answer = JSON.parse(xhr.responseText) as unknown;
      } catch {
        answer = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && isRecord(answer) && 'data' in answer) {
        resolve(answer.data as TourDefinitionDetail);
        return;
      }
      reject(
        new ApiError({
          kind: 'http',
          status: xhr.status,
          respCode: isRecord(answer) && typeof answer.resp_code === 'number' ? answer.resp_code : null,
          message: messageOf(answer) ?? i18n.t('errors:internal'),
          data: isRecord(answer) ? answer.data : undefined,
        }),
      );
    };
    xhr.send(body);
  });
}
