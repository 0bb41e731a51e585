/**
 * Rich text as a Tiptap JSON document of a small allowed subset (docs/design/tours.md decision 8): the web
 * editor produces it, `richTextDoc` checks it wherever it is parsed, and the server renders the HTML and the
 * plain text itself. No HTML ever comes from a client, so there is nothing to sanitise: every text and
 * attribute is escaped here, and only the tags below are written.
 */
import { z } from 'zod';

export const RICH_TEXT_MAX_BYTES = 100_000;
/** Nested arrays and objects: a list in a list item is four levels deeper (content, item, content, list). */
export const RICH_TEXT_MAX_DEPTH = 40;
export const RICH_TEXT_HEADING_LEVELS = [2, 3, 4] as const;

export type RichTextMark =
  | { type: 'bold' }
  | { type: 'italic' }
  | { type: 'underline' }
  | {
      type: 'link';
      attrs: {
        href: string;
        target?: string | null;
        rel?: string | null;
        class?: string | null;
        title?: string | null;
      };
    };
export type RichTextInline =
  { type: 'text'; text: string; marks?: RichTextMark[] } | { type: 'hardBreak'; marks?: RichTextMark[] };
export type RichTextListItem = { type: 'listItem'; content: RichTextBlock[] };
export type RichTextBlock =
  | { type: 'paragraph'; content?: RichTextInline[] }
  | { type: 'heading'; attrs: { level: 2 | 3 | 4 }; content?: RichTextInline[] }
  | { type: 'bulletList'; content: RichTextListItem[] }
  | { type: 'orderedList'; attrs?: { start?: number; type?: string | null }; content: RichTextListItem[] };
export type RichTextDoc = { type: 'doc'; content: RichTextBlock[] };

/** A link may only lead to a web page over https or to an e-mail address (no javascript:, data:, http:). */
export function isAllowedHref(href: string): boolean {
  if (/^mailto:[^\s<>"]+$/i.test(href)) return true;
  // https, then a host (letters, digits, dots, dashes, an optional port), then anything but spaces and quotes
  return /^https:\/\/[a-z0-9.-]+(:\d{1,5})?([/?#][^\s<>"]*)?$/i.test(href);
}

const optionalText = z.string().max(500).nullish();
const mark: z.ZodType<RichTextMark> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('bold') }),
  z.strictObject({ type: z.literal('italic') }),
  z.strictObject({ type: z.literal('underline') }),
  z.strictObject({
    type: z.literal('link'),
    // target, rel and class are Tiptap's defaults; only href is ever written out.
    attrs: z.strictObject({
      href: z.string().max(2000).refine(isAllowedHref, { message: 'link_not_allowed' }),
      target: optionalText,
      rel: optionalText,
      class: optionalText,
      title: optionalText,
    }),
  }),
]);
const marks = z.array(mark).max(4).optional();

const inline: z.ZodType<RichTextInline> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string().min(1), marks }),
  z.strictObject({ type: z.literal('hardBreak'), marks }),
]);

const listItem: z.ZodType<RichTextListItem> = z.strictObject({
  type: z.literal('listItem'),
  get content() {
    return z.array(block).min(1);
  },
});

const block: z.ZodType<RichTextBlock> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('paragraph'), content: z.array(inline).optional() }),
  z.strictObject({
    type: z.literal('heading'),
    attrs: z.strictObject({ level: z.union(RICH_TEXT_HEADING_LEVELS.map((l) => z.literal(l))) }),
    content: z.array(inline).optional(),
  }),
  z.strictObject({ type: z.literal('bulletList'), content: z.array(listItem).min(1) }),
  z.strictObject({
    type: z.literal('orderedList'),
    attrs: z
      .strictObject({ start: z.int().min(0).max(100_000).optional(), type: z.string().max(10).nullish() })
      .optional(),
    content: z.array(listItem).min(1),
  }),
]);

/**
 * Depth of nested arrays and objects, each counted as a level, without recursion: a hostile document (300k
 * nested arrays) is refused here before anything recursive (JSON.stringify, zod) walks it.
 */
function depthWithin(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > max) return false;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return true;
}

/** UTF-8 size of the JSON text, counted without TextEncoder (shared runs where it may be missing). */
function byteLength(value: unknown): number {
  let bytes = 0;
  for (const ch of JSON.stringify(value)) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const docShape = z.strictObject({ type: z.literal('doc'), content: z.array(block).min(1) });

/**
 * A rich-text document: the bounds are checked first, the depth before the size (measuring the size
 * serialises the value, which only a bounded depth makes safe), then the shape.
 */
// Typed with a RichTextDoc input too, so a form field holding one is a field of that type.
export const richTextDoc = z
  .unknown()
  .superRefine((value, ctx) => {
    if (!depthWithin(value, RICH_TEXT_MAX_DEPTH)) ctx.addIssue({ code: 'custom', message: 'too_deep' });
    else if (byteLength(value) > RICH_TEXT_MAX_BYTES) ctx.addIssue({ code: 'custom', message: 'too_large' });
  })
  .pipe(docShape) as unknown as z.ZodType<RichTextDoc, RichTextDoc>;

export const emptyRichText: RichTextDoc = { type: 'doc', content: [{ type: 'paragraph' }] };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function markedHtml(html: string, nodeMarks: RichTextMark[] | undefined): string {
  let out = html;
  for (const m of [...(nodeMarks ?? [])].reverse()) {
    if (m.type === 'bold') out = `<strong>${out}</strong>`;
    else if (m.type === 'italic') out = `<em>${out}</em>`;
    else if (m.type === 'underline') out = `<u>${out}</u>`;
    else if (isAllowedHref(m.attrs.href))
      out = `<a href="${escapeHtml(m.attrs.href)}" rel="noopener noreferrer nofollow" target="_blank">${out}</a>`;
  }
  return out;
}

function inlineHtml(nodes: RichTextInline[] | undefined): string {
  return (nodes ?? [])
    .map((n) => markedHtml(n.type === 'text' ? escapeHtml(n.text) : '<br>', n.marks))
    .join('');
}

function blockHtml(b: RichTextBlock): string {
  switch (b.type) {
    case 'paragraph':
      return `<p>${inlineHtml(b.content)}</p>`;
    case 'heading': {
      const level = RICH_TEXT_HEADING_LEVELS.includes(b.attrs.level) ? b.attrs.level : 2;
      return `<h${level}>${inlineHtml(b.content)}</h${level}>`;
    }
    case 'bulletList':
      return `<ul>${b.content.map(itemHtml).join('')}</ul>`;
    case 'orderedList': {
      const start = b.attrs?.start;
      const attr = Number.isInteger(start) && start !== 1 ? ` start="${start}"` : '';
      return `<ol${attr}>${b.content.map(itemHtml).join('')}</ol>`;
    }
  }
}

function itemHtml(item: RichTextListItem): string {
  return `<li>${item.content.map(blockHtml).join('')}</li>`;
}

/** The document as HTML of the allowed tags only, every text and attribute escaped. Parse with `richTextDoc` first. */
export function richTextToHtml(doc: RichTextDoc): string {
  return doc.content.map(blockHtml).join('');
}

function inlineText(nodes: RichTextInline[] | undefined): string {
  return (nodes ?? []).map((n) => (n.type === 'text' ? n.text : '\n')).join('');
}

function blockLines(b: RichTextBlock, indent: string): string[] {
  switch (b.type) {
    case 'paragraph':
    case 'heading':
      return inlineText(b.content)
        .split('\n')
        .map((line) => indent + line);
    case 'bulletList':
    case 'orderedList': {
      const start = b.type === 'orderedList' ? (b.attrs?.start ?? 1) : 1;
      return b.content.flatMap((item, i) => {
        const bullet = b.type === 'bulletList' ? '- ' : `${start + i}. `;
        const inner = item.content.flatMap((c) => blockLines(c, indent + ' '.repeat(bullet.length)));
        if (inner.length > 0) inner[0] = indent + bullet + inner[0]!.slice(indent.length + bullet.length);
        return inner;
      });
    }
  }
}

/** The document as plain text: blocks separated by a blank line, list items as "- " or "1. " lines. */
export function richTextToText(doc: RichTextDoc): string {
  return doc.content
    .map((b) => blockLines(b, '').join('\n'))
    .join('\n\n')
    .trim();
}

/** True when the document holds no text at all (an empty editor). */
export function isRichTextEmpty(doc: RichTextDoc): boolean {
  return richTextToText(doc).trim() === '';
}
