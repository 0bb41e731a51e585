import { Box, Field, Skeleton, type BoxProps } from '@chakra-ui/react';
import { emptyRichText, type RichTextDoc } from '@nine/shared/rich-text';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, useBoundField, type BoundFieldProps, type FieldShellProps } from './form/fields.tsx';

// Tiptap and ProseMirror load with the first editor shown, never with the page that might show one.
const RichTextEditorImpl = lazy(() =>
  import('./rich-text-editor-impl.tsx').then((m) => ({ default: m.RichTextEditorImpl })),
);

export interface RichTextEditorProps extends FieldShellProps {
  value: RichTextDoc | null | undefined;
  onChange: (doc: RichTextDoc) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * A labelled rich-text editor (bold, italic, underline, headings, lists, https/mailto links) whose value is
 * the `richTextDoc` JSON of shared/src/rich-text.ts. Keyboard: the toolbar is one Tab stop (arrow keys, Home
 * and End move in it), then the text, where Tiptap's shortcuts (Ctrl+B, Ctrl+I, Ctrl+U, Ctrl+Shift+7/8) work.
 */
export function RichTextEditor({
  label,
  required = false,
  helperText,
  disabled,
  error,
  value,
  onChange,
  onBlur,
}: RichTextEditorProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const ids = { label: `${id}-label`, errorText: `${id}-error`, helperText: `${id}-help` };
  const editorId = `${id}-editor`;
  return (
    <Field.Root invalid={error !== undefined} required={required} disabled={disabled} ids={ids}>
      {/* The editable area is no form control, so a click on its label focuses it by hand. */}
      <Field.Label onClick={() => document.getElementById(editorId)?.focus()}>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Suspense fallback={<Skeleton height="10rem" width="full" aria-label={t('rich_text.loading')} />}>
        <RichTextEditorImpl
          value={value ?? emptyRichText}
          onChange={onChange}
          onBlur={onBlur}
          editorId={editorId}
          labelId={ids.label}
          required={required}
          describedBy={describedBy(ids, error, helperText)}
          invalid={error !== undefined}
          disabled={disabled}
        />
      </Suspense>
      {helperText !== undefined && error === undefined && <Field.HelperText>{helperText}</Field.HelperText>}
      {error !== undefined && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** The editor bound to a useSchemaForm field holding a `richTextDoc` (take it from `fieldsOf(form.control)`). */
export function RichTextField<T extends FieldValues>(
  props: BoundFieldProps<T, RichTextDoc | null | undefined>,
) {
  const { field, shell } = useBoundField(props);
  return (
    <RichTextEditor
      label={shell.label}
      required={shell.required}
      helperText={shell.helperText}
      disabled={shell.disabled}
      error={shell.error}
      value={field.value as RichTextDoc | null | undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}

/**
 * Rich text the server rendered (`body_html`, `description_html`). Safe to inject as it is: the server writes
 * it with `richTextToHtml` from a parsed `richTextDoc`, which escapes every text and attribute and writes only
 * p, h2-h4, ul, ol, li, br, strong, em, u and https/mailto links; no client-sent HTML ever reaches it.
 */
export function RichTextView({ html, ...box }: { html: string; children?: ReactNode } & BoxProps) {
  return (
    <Box
      {...box}
      css={{
        '& h2': { fontSize: 'xl', fontWeight: 'semibold', mt: '3', mb: '1' },
        '& h3': { fontSize: 'lg', fontWeight: 'semibold', mt: '3', mb: '1' },
        '& h4': { fontWeight: 'semibold', mt: '2', mb: '1' },
        '& p': { my: '1.5' },
        '& ul': { listStyleType: 'disc', ps: '6' },
        '& ol': { listStyleType: 'decimal', ps: '6' },
        '& a': { color: 'fg.info', textDecoration: 'underline' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
