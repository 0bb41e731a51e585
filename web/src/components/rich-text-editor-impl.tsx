import { Box, Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { EditorContent, useEditor, useEditorState, type Editor, type Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { isAllowedHref, type RichTextDoc } from '@nine/shared/rich-text';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Tiptap configured to the subset `richTextDoc` accepts (shared/src/rich-text.ts): anything else pasted in is
 * dropped by the editor's schema, so what it writes always parses.
 */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      heading: { levels: [2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: false,
        protocols: ['https', 'mailto'],
        isAllowedUri: (url) => isAllowedHref(url),
      },
    }),
  ];
}

export interface RichTextEditorImplProps {
  value: RichTextDoc;
  onChange: (doc: RichTextDoc) => void;
  onBlur?: () => void;
  /** The editable area's id: the label focuses it on a click. */
  editorId: string;
  labelId: string;
  required?: boolean;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
}

/**
 * A toolbar button. Its accessible name contains its visible text: a one-letter glyph (B, I, U, translated)
 * is the first letter of its label; the other buttons show their label itself.
 */
function ToolButton({
  label,
  glyph,
  active,
  disabled,
  focusable,
  onFocus,
  onClick,
}: {
  label: string;
  glyph?: string;
  active: boolean;
  disabled?: boolean;
  /** The toolbar is one Tab stop: only the button that last had focus is in the Tab order. */
  focusable: boolean;
  onFocus: () => void;
  onClick: () => void;
}) {
  return (
    <Button
      size="xs"
      variant={active ? 'solid' : 'ghost'}
      aria-label={glyph === undefined ? undefined : label}
      title={glyph === undefined ? undefined : label}
      aria-pressed={active}
      disabled={disabled}
      tabIndex={focusable ? 0 : -1}
      onFocus={onFocus}
      onClick={onClick}
    >
      {glyph ?? label}
    </Button>
  );
}

/** Arrow keys, Home and End move between the toolbar's buttons (WAI-ARIA toolbar pattern). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys: Record<string, (at: number, count: number) => number> = {
    ArrowRight: (at, count) => (at + 1) % count,
    ArrowDown: (at, count) => (at + 1) % count,
    ArrowLeft: (at, count) => (at - 1 + count) % count,
    ArrowUp: (at, count) => (at - 1 + count) % count,
    Home: () => 0,
    End: (_at, count) => count - 1,
  };
  const move = keys[event.key];
  if (move === undefined) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0 || buttons.length === 0) return;
  event.preventDefault();
  buttons[move(at, buttons.length)]!.focus();
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation('common');
  const [href, setHref] = useState(
    () => (editor.getAttributes('link').href as string | undefined) ?? 'https://',
  );
  const [invalid, setInvalid] = useState(false);
  const apply = () => {
    if (!isAllowedHref(href.trim())) {
      setInvalid(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
    onDone();
  };
  return (
    <Box px="2" py="1" borderBottomWidth="1px">
      <HStack gap="2" align="end" wrap="wrap">
        <Field.Root flex="1" minW="12rem" invalid={invalid}>
          <Field.Label fontSize="sm">{t('rich_text.link_address')}</Field.Label>
          <Input
            size="sm"
            value={href}
            autoFocus
            onChange={(e) => {
              setHref(e.currentTarget.value);
              setInvalid(false);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                onDone();
                editor.commands.focus();
              }
            }}
          />
        </Field.Root>
        <Button size="sm" onClick={apply}>
          {t('rich_text.link_apply')}
        </Button>
        {editor.isActive('link') && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onDone();
            }}
          >
            {t('rich_text.link_remove')}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            onDone();
            editor.commands.focus();
          }}
        >
          {t('cancel')}
        </Button>
      </HStack>
      {invalid && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {t('rich_text.link_invalid')}
        </Text>
      )}
    </Box>
  );
}

/** The Tiptap editor itself; loaded on first use through rich-text-editor.tsx, so Tiptap stays out of the main bundle. */
export function RichTextEditorImpl({
  value,
  onChange,
  onBlur,
  editorId,
  labelId,
  required = false,
  describedBy,
  invalid = false,
  disabled = false,
}: RichTextEditorImplProps) {
  const { t } = useTranslation('common');
  // The link form, or the note that a link needs selected text first.
  const [linking, setLinking] = useState<'form' | 'select_first' | null>(null);
  const [focused, setFocused] = useState(0);
  // The last document this editor reported, so a value coming back from the form is not set again.
  const reported = useRef(JSON.stringify(value));
  const onChangeRef = useRef(onChange);
  const onBlurRef = useRef(onBlur);
  useEffect(() => {
    onChangeRef.current = onChange;
    onBlurRef.current = onBlur;
  });

  const editor = useEditor({
    extensions: richTextExtensions(),
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        id: editorId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'nine-rich-text',
      },
    },
    onUpdate: ({ editor: e }) => {
      const doc = e.getJSON() as RichTextDoc;
      reported.current = JSON.stringify(doc);
      onChangeRef.current(doc);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  // A value set from outside (a form reset, another version loaded) replaces the content.
  useEffect(() => {
    const next = JSON.stringify(value);
    if (next === reported.current) return;
    reported.current = next;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });

  const chain = () => editor.chain().focus();
  const tools = [
    {
      key: 'bold',
      label: t('rich_text.bold'),
      glyph: t('rich_text.bold_glyph'),
      active: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      key: 'italic',
      label: t('rich_text.italic'),
      glyph: t('rich_text.italic_glyph'),
      active: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: t('rich_text.underline'),
      glyph: t('rich_text.underline_glyph'),
      active: state.underline,
      run: () => chain().toggleUnderline().run(),
    },
    {
      key: 'h2',
      label: t('rich_text.heading_2'),
      active: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: t('rich_text.heading_3'),
      active: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bullet',
      label: t('rich_text.bullet_list'),
      active: state.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: 'ordered',
      label: t('rich_text.ordered_list'),
      active: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: 'link',
      label: t('rich_text.link'),
      active: state.link || linking === 'form',
      // A link wraps selected text (or the link the cursor is in): with nothing selected, say so.
      run: () =>
        setLinking((now) =>
          now !== null
            ? null
            : editor.state.selection.empty && !editor.isActive('link')
              ? 'select_first'
              : 'form',
        ),
    },
  ];

  return (
    <Box
      borderWidth="1px"
      borderRadius="l2"
      borderColor={invalid ? 'border.error' : 'border'}
      width="full"
      _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
    >
      <HStack
        role="toolbar"
        aria-label={t('rich_text.label_toolbar')}
        gap="1"
        p="1"
        borderBottomWidth="1px"
        wrap="wrap"
        onKeyDown={moveFocus}
      >
        {tools.map((tool, i) => (
          <ToolButton
            key={tool.key}
            label={tool.label}
            glyph={tool.glyph}
            active={tool.active}
            disabled={disabled}
            focusable={i === focused}
            onFocus={() => setFocused(i)}
            onClick={tool.run}
          />
        ))}
      </HStack>
      {linking === 'form' && <LinkForm editor={editor} onDone={() => setLinking(null)} />}
      {linking === 'select_first' && (
        <Text px="3" py="1" fontSize="sm" borderBottomWidth="1px" role="alert">
          {t('rich_text.link_select_first')}
        </Text>
      )}
      <Box
        px="3"
        py="2"
        minH="8rem"
        css={{
          '& .nine-rich-text': { outline: 'none', minHeight: '7rem' },
          '& h2': { fontSize: 'xl', fontWeight: 'semibold', mt: '2' },
          '& h3': { fontSize: 'lg', fontWeight: 'semibold', mt: '2' },
          '& h4': { fontWeight: 'semibold', mt: '2' },
          '& p': { my: '1' },
          '& ul': { listStyleType: 'disc', ps: '6' },
          '& ol': { listStyleType: 'decimal', ps: '6' },
          '& a': { color: 'fg.info', textDecoration: 'underline' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
