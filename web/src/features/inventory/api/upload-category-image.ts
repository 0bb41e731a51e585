import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** PUT /api/nine/categories/:id/image (multipart): JPEG, PNG or WebP up to 2 MB. */
export function uploadCategoryImage(id: number, file: File): Promise<{ id: number; image_url: string }> {
  const body = new FormData();
  body.append('file', file, file.name);
  return quietApi.put<{ id: number; image_url: string }>(`nine/categories/${id}/image`, { body });
}

export function useUploadCategoryImage() {
  return useInvalidatingMutation(
    ({ id, file }: { id: number; file: File }) => uploadCategoryImage(id, file),
    [['inventory']],
  );
}
