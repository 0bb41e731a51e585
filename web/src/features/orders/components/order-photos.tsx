import { Alert, Box, Button, Field, HStack, Image, Input, List, Stack, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ORDER_PHOTO_EXTENSIONS, type OrderPhoto } from '@nine/shared/schemas/orders';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { orderQueryKey, type OrderDetail } from '../api/get-order.ts';
import { deleteOrderPhoto, fetchOrderPhoto, uploadOrderPhoto, type PhotoAuth } from '../api/order-photos.ts';
import type { OrderKind } from '../order-kind.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';

export interface OrderPhotosProps {
  kind: OrderKind;
  locationId: number;
  order: OrderDetail;
  canChange: boolean;
  /** The session's bearer token: files go through a plain fetch, not the JSON client. */
  token: string;
}

const ACCEPT = ORDER_PHOTO_EXTENSIONS.map((e) => `.${e}`).join(',');
const megabytes = (bytes: number) => Math.floor((bytes / 1_048_576) * 10) / 10;

/** What the browser can tell before sending: the extension and the size (the server checks the bytes). */
export function photoProblem(file: File, maxBytes: number): 'wrong_type' | 'too_large' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(ORDER_PHOTO_EXTENSIONS as readonly string[]).includes(extension)) return 'wrong_type';
  if (file.size > maxBytes) return 'too_large';
  return null;
}

/** The order's photos: upload (jpeg, png, jpg, webp within the location's size limit), view, delete. */
export function OrderPhotos({ kind, locationId, order, canChange, token }: OrderPhotosProps) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const auth: PhotoAuth = { token, locationId };
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [shown, setShown] = useState<number | null>(null);
  const max = megabytes(order.photo_max_bytes);

  const changed = (updated: OrderDetail) => {
    queryClient.setQueryData(orderQueryKey(kind, locationId, order.id), updated);
    void queryClient.invalidateQueries({ queryKey: ['orders', kind, locationId, 'list'] });
  };
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadOrderPhoto(kind, order.id, chosen, auth),
    onSuccess: (updated) => {
      changed(updated);
      setFile(null);
      if (input.current) input.current.value = '';
      setDone(t('orders:photos.uploaded'));
    },
  });
  const remove = useMutation({
    mutationFn: (photoId: number) => deleteOrderPhoto(kind, order.id, photoId, auth),
    onSuccess: (updated, photoId) => {
      changed(updated);
      if (shown === photoId) setShown(null);
      setDone(t('orders:photos.deleted'));
    },
  });
  const failure = problem ?? upload.error?.message ?? remove.error?.message ?? null;

  return (
    <Stack gap="4">
      {order.photos.length === 0 ? (
        <Text color="fg.muted">{t('orders:photos.none')}</Text>
      ) : (
        <List.Root variant="plain" gap="3" aria-label={t('orders:photos.title')}>
          {order.photos.map((photo) => (
            <List.Item key={photo.id} display="block">
              <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
                <Stack gap="0">
                  <Text fontWeight="medium" wordBreak="break-all">
                    {photo.file_name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {t('orders:photos.added_by', {
                      size: formatBytes(photo.size_bytes),
                      at: formatDateTime(photo.created_at),
                      user: photo.created_by ?? '—',
                    })}
                  </Text>
                </Stack>
                <HStack gap="1">
                  <Button
                    size="xs"
                    variant="outline"
                    aria-expanded={shown === photo.id}
                    onClick={() => setShown(shown === photo.id ? null : photo.id)}
                  >
                    {t(shown === photo.id ? 'orders:photos.hide' : 'orders:photos.view', {
                      name: photo.file_name,
                    })}
                  </Button>
                  {canChange && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      loading={remove.isPending && remove.variables === photo.id}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(photo.id)}
                    >
                      {t('orders:photos.delete', { name: photo.file_name })}
                    </Button>
                  )}
                </HStack>
              </HStack>
              {shown === photo.id && <PhotoImage kind={kind} order={order} photo={photo} auth={auth} />}
            </List.Item>
          ))}
        </List.Root>
      )}

      <Text role="status" fontSize="sm" color="fg.success">
        {done}
      </Text>
      {canChange && (
        <chakra.form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (file === null || upload.isPending) return;
            const wrong = photoProblem(file, order.photo_max_bytes);
            if (wrong !== null) return setProblem(t(`orders:photos.${wrong}`, { max }));
            upload.mutate(file);
          }}
        >
          <Stack gap="2">
            <Field.Root invalid={problem !== null}>
              <Field.Label>{t('orders:photos.file')}</Field.Label>
              <Input
                ref={input}
                type="file"
                accept={ACCEPT}
                p="1"
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  setFile(chosen);
                  upload.reset();
                  setDone('');
                  const wrong = chosen ? photoProblem(chosen, order.photo_max_bytes) : null;
                  setProblem(wrong ? t(`orders:photos.${wrong}`, { max }) : null);
                }}
              />
              <Field.HelperText>{t('orders:photos.hint', { max })}</Field.HelperText>
            </Field.Root>
            {failure !== null && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{failure}</Alert.Title>
              </Alert.Root>
            )}
            <Button
              type="submit"
              size="sm"
              alignSelf="flex-start"
              disabled={file === null || problem !== null}
              loading={upload.isPending}
            >
              {t('orders:photos.upload')}
            </Button>
          </Stack>
        </chakra.form>
      )}
    </Stack>
  );
}

/** One photo, fetched with the token into an object URL that is released when it goes. */
function PhotoImage({
  kind,
  order,
  photo,
  auth,
}: {
  kind: OrderKind;
  order: OrderDetail;
  photo: OrderPhoto;
  auth: PhotoAuth;
}) {
  const { t } = useAppTranslation();
  const query = useQuery({
    queryKey: ['orders', kind, auth.locationId, 'photo', photo.id],
    queryFn: ({ signal }) => fetchOrderPhoto(kind, order.id, photo.id, auth, signal),
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);

  if (query.isError) return <Text color="fg.error">{t('orders:photos.load_failed')}</Text>;
  if (url === null) return <Text color="fg.muted">{t('orders:photos.loading')}</Text>;
  return (
    <Box mt="2" borderWidth="1px" borderRadius="l2" overflow="hidden" maxW="md">
      <Image
        src={url}
        alt={t('orders:photos.alt', { name: photo.file_name })}
        maxH="80"
        objectFit="contain"
      />
    </Box>
  );
}
