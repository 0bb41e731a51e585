/** The changelog's Markdown, as far as CHANGELOG.md uses it: version headings, lists, paragraphs, inline code, links. */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'heading'; content: Inline[] };

export interface Release {
  /** The heading as written, e.g. "0.1.0 — 2026-11-21". */
  title: string;
  blocks: Block[];
}

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) out.push({ kind: 'code', text: match[1] });
    else if (match[2] !== undefined) out.push({ kind: 'strong', text: match[2] });
    else if (match[3] !== undefined && match[4] !== undefined)
      out.push({ kind: 'link', text: match[3], href: match[4] });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** Splits the changelog into releases (one per `## ` heading); the `# ` title and text before the first release are dropped. */
export function parseChangelog(markdown: string): Release[] {
  const releases: Release[] = [];
  let current: Release | null = null;
  let list: Inline[][] | null = null;
  let paragraph: string[] = [];

  const flushParagraph = () => {
    if (current && paragraph.length > 0)
      current.blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const flushList = () => {
    if (current && list && list.length > 0) current.blocks.push({ kind: 'list', items: list });
    list = null;
  };

  for (const rawLine of markdown.split(/\r?\n/)) {
    const line = rawLine.trimEnd();
    const release = /^##\s+(.+)$/.exec(line);
    if (release?.[1] !== undefined) {
      flushParagraph();
      flushList();
      current = { title: release[1].trim(), blocks: [] };
      releases.push(current);
      continue;
    }
    if (current === null) continue;
    const subheading = /^#{3,6}\s+(.+)$/.exec(line);
    const item = /^\s*[-*]\s+(.+)$/.exec(line);
    if (subheading?.[1] !== undefined) {
      flushParagraph();
      flushList();
      current.blocks.push({ kind: 'heading', content: parseInline(subheading[1].trim()) });
    } else if (item?.[1] !== undefined) {
      flushParagraph();
      list ??= [];
      list.push(parseInline(item[1].trim()));
    } else if (line.trim() === '') {
      flushParagraph();
      flushList();
    } else if (list !== null && /^\s+/.test(rawLine)) {
      // A wrapped list item continues the previous one.
      const previous = list[list.length - 1];
      if (previous) previous.push({ kind: 'text', text: ' ' }, ...parseInline(line.trim()));
    } else {
      flushList();
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushList();
  return releases;
}
