import { Box, Button, chakra, Field, HStack, Image, Input, Progress, Stack, Text } from '@chakra-ui/react';
import {
  MAX_TOUR_IMAGES,
  tourGallery,
  type TourDefinitionImage,
} from '@nine/shared/schemas/tours/definitions';
import { useId, useRef, useState, type DragEvent } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { MessageAlert } from '../../../../components/message-alert.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { formatBytes } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { deleteTourDefinitionImage } from '../../api/definitions/delete-tour-definition-image.ts';
import type { TourDefinitionDetail } from '../../api/definitions/get-tour-definition.ts';
import { updateTourDefinitionImages } from '../../api/definitions/update-tour-definition-images.ts';
import {
  uploadTourDefinitionImage,
  type UploadAuth,
} from '../../api/definitions/upload-tour-definition-image.ts';
import { StepFrame, type StepControls } from './step-frame.tsx';

/** The types the server keeps (it checks the bytes too); .jpg and .jpeg are both image/jpeg. */
export const GALLERY_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

interface ImagesChange {
  order: number[];
  cover_id: number | null;
  alts: Record<string, string>;
}

function currentLayout(images: readonly TourDefinitionImage[]): ImagesChange {
  const sorted = [...images].sort((a, b) => a.position - b.position);
  return {
    order: sorted.map((i) => i.id),
    cover_id: sorted.find((i) => i.is_cover)?.id ?? null,
    alts: Object.fromEntries(sorted.map((i) => [String(i.id), i.alt ?? ''])),
  };
}

/**
 * Step 4: the gallery. Images upload at once (with progress), then are ordered (up/down buttons, so the
 * keyboard reaches it), one is the cover, each has an alt text; each change saves the whole layout with the
 * definition's version. The step is done when there is an image and a cover (the server checks).
 */
export function GalleryStep({
  definition,
  maxBytes,
  auth,
  onDefinition,
  controls,
}: {
  definition: TourDefinitionDetail;
  /** The location's limit (tour settings); null while it loads. */
  maxBytes: number | null;
  auth: UploadAuth;
  /** The definition as a gallery change answered it (a new version). */
  onDefinition(definition: TourDefinitionDetail): void;
  controls: StepControls;
}) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(tourGallery, { defaultValues: {} });
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TourDefinitionImage | null>(null);
  const [alts, setAlts] = useState<Record<number, string>>({});
  const images = [...definition.images].sort((a, b) => a.position - b.position);
  const layout = currentLayout(images);
  const full = images.length >= MAX_TOUR_IMAGES;

  const run = async (work: () => Promise<TourDefinitionDetail>) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      onDefinition(await work());
      return true;
    } catch (error) {
      setFailure(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const save = (change: Partial<ImagesChange>) =>
    run(() =>
      updateTourDefinitionImages(definition.id, { version: definition.version, ...layout, ...change }),
    );

  const upload = async (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      if (!(GALLERY_TYPES as readonly string[]).includes(file.type)) {
        setNotice(t('tours:definitions.editor.gallery.wrong_type', { name: file.name }));
        return;
      }
      if (maxBytes !== null && file.size > maxBytes) {
        setNotice(
          t('tours:definitions.editor.gallery.too_large', { name: file.name, max: formatBytes(maxBytes) }),
        );
        return;
      }
      setProgress(0);
      const ok = await run(() => uploadTourDefinitionImage(definition.id, file, auth, setProgress));
      setProgress(null);
      if (!ok) return;
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const order = [...layout.order];
    const [id] = order.splice(index, 1);
    order.splice(index + by, 0, id!);
    void save({ order });
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    if (!busy && !full && event.dataTransfer.files.length > 0) void upload(event.dataTransfer.files);
  };

  const failureText = saveFailureText(failure, t('tours:definitions.editor.conflict'));
  return (
    <StepFrame form={form} controls={controls}>
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderRadius="md"
        p="5"
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
      >
        <Stack gap="3" align="start">
          <Field.Root disabled={busy || full}>
            <Field.Label htmlFor={inputId}>{t('tours:definitions.editor.gallery.upload')}</Field.Label>
            <chakra.input
              id={inputId}
              ref={input}
              type="file"
              accept={ACCEPT}
              multiple
              disabled={busy || full}
              onChange={(event) => {
                const files = event.currentTarget.files;
                if (files !== null && files.length > 0)
                  void upload(files).finally(() => {
                    if (input.current) input.current.value = '';
                  });
              }}
            />
            <Field.HelperText>
              {maxBytes === null
                ? t('tours:definitions.editor.gallery.types')
                : t('tours:definitions.editor.gallery.limits', {
                    max: formatBytes(maxBytes),
                    images: MAX_TOUR_IMAGES,
                  })}
            </Field.HelperText>
          </Field.Root>
          <Text fontSize="sm" color="fg.muted">
            {t('tours:definitions.editor.gallery.drop_here')}
          </Text>
          {progress !== null && (
            <Progress.Root value={Math.round(progress * 100)} max={100} width="full" maxW="md">
              <Progress.Label>{t('tours:definitions.editor.gallery.uploading')}</Progress.Label>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
              <Progress.ValueText>{`${Math.round(progress * 100)} %`}</Progress.ValueText>
            </Progress.Root>
          )}
        </Stack>
      </Box>
      {notice !== null && <MessageAlert status="error">{notice}</MessageAlert>}
      {failureText !== null && <MessageAlert status="error">{failureText}</MessageAlert>}
      {images.length === 0 ? (
        <Text color="fg.muted">{t('tours:definitions.editor.gallery.empty')}</Text>
      ) : (
        <chakra.ol
          listStyleType="none"
          p="0"
          m="0"
          display="grid"
          gap="3"
          aria-label={t('tours:definitions.editor.gallery.images')}
        >
          {images.map((image, index) => {
            const altLabel = t('tours:definitions.editor.gallery.alt', { n: index + 1 });
            const alt = alts[image.id] ?? image.alt ?? '';
            return (
              <chakra.li key={image.id} borderWidth="1px" borderRadius="md" p="3">
                <HStack gap="4" align="start" flexWrap="wrap">
                  <Image
                    src={image.thumb_url}
                    alt={image.alt ?? t('tours:definitions.editor.gallery.image_n', { n: index + 1 })}
                    width="120px"
                    height="90px"
                    objectFit="cover"
                    borderRadius="sm"
                  />
                  <Stack gap="2" flex="1" minW="15rem">
                    <Text fontSize="sm">
                      {t('tours:definitions.editor.gallery.image_n', { n: index + 1 })}
                      {' · '}
                      {`${image.width} × ${image.height}`}
                      {' · '}
                      {formatBytes(image.size_bytes)}
                      {image.is_cover && (
                        <chakra.span fontWeight="semibold" color="fg.success">
                          {' · '}
                          {t('tours:definitions.editor.gallery.cover')}
                        </chakra.span>
                      )}
                    </Text>
                    <Field.Root>
                      <Field.Label>{altLabel}</Field.Label>
                      <Input
                        size="sm"
                        maxLength={200}
                        value={alt}
                        onChange={(event) => setAlts({ ...alts, [image.id]: event.currentTarget.value })}
                        onBlur={() => {
                          if (alt.trim() !== (image.alt ?? '')) {
                            void save({ alts: { ...layout.alts, [String(image.id)]: alt.trim() } });
                          }
                        }}
                      />
                    </Field.Root>
                    <HStack gap="2" flexWrap="wrap">
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={busy || index === 0}
                        onClick={() => move(index, -1)}
                      >
                        {t('tours:definitions.editor.gallery.move_up', { n: index + 1 })}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={busy || index === images.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        {t('tours:definitions.editor.gallery.move_down', { n: index + 1 })}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        aria-pressed={image.is_cover}
                        disabled={busy || image.is_cover}
                        onClick={() => void save({ cover_id: image.id })}
                      >
                        {t('tours:definitions.editor.gallery.make_cover', { n: index + 1 })}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        disabled={busy}
                        onClick={() => setDeleting(image)}
                      >
                        {t('tours:definitions.editor.gallery.delete', { n: index + 1 })}
                      </Button>
                    </HStack>
                  </Stack>
                </HStack>
              </chakra.li>
            );
          })}
        </chakra.ol>
      )}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('tours:definitions.editor.gallery.delete_title')}
        message={t('tours:definitions.editor.gallery.delete_message')}
        confirmLabel={t('tours:definitions.editor.gallery.delete_confirm')}
        pending={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting === null) return;
          void run(() => deleteTourDefinitionImage(definition.id, deleting.id, definition.version)).then(
            (ok) => {
              if (ok) setDeleting(null);
            },
          );
        }}
      />
    </StepFrame>
  );
}
