import { describe, expect, it } from 'vitest';
import {
  emptyRichText,
  isRichTextEmpty,
  richTextDoc,
  richTextToHtml,
  richTextToText,
  type RichTextDoc,
} from '../src/rich-text.ts';

const sample: RichTextDoc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Before you go' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Bring ' },
        { type: 'text', text: 'water', marks: [{ type: 'bold' }, { type: 'italic' }] },
        { type: 'hardBreak' },
        {
          type: 'text',
          text: 'our site',
          marks: [
            {
              type: 'link',
              attrs: {
                href: 'https://example.com/a?b=1&c=2',
                target: '_blank',
                rel: 'noopener',
                class: null,
              },
            },
          ],
        },
      ],
    },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hat' }] }] },
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Shoes' }] },
            {
              type: 'orderedList',
              attrs: { start: 1, type: null },
              content: [
                {
                  type: 'listItem',
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Left' }] }],
                },
              ],
            },
          ],
        },
      ],
    },
    { type: 'paragraph' },
  ],
};

function nested(depth: number): unknown {
  let node: unknown = { type: 'paragraph', content: [{ type: 'text', text: 'deep' }] };
  for (let i = 0; i < depth; i++)
    node = { type: 'bulletList', content: [{ type: 'listItem', content: [node] }] };
  return { type: 'doc', content: [node] };
}

describe('richTextDoc', () => {
  it('accepts the allowed subset as Tiptap writes it', () => {
    expect(richTextDoc.parse(sample)).toEqual(sample);
    expect(richTextDoc.safeParse(emptyRichText).success).toBe(true);
    expect(
      richTextDoc.safeParse({ type: 'doc', content: [{ type: 'paragraph', content: [] }] }).success,
    ).toBe(true);
    expect(
      richTextDoc.safeParse({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'mailto:a@b.es' } }] },
            ],
          },
        ],
      }).success,
    ).toBe(true);
  });

  it.each([
    [
      'a script node',
      { type: 'doc', content: [{ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] }] },
    ],
    [
      'an unknown node',
      { type: 'doc', content: [{ type: 'codeBlock', content: [{ type: 'text', text: 'x' }] }] },
    ],
    ['a heading level 1', { type: 'doc', content: [{ type: 'heading', attrs: { level: 1 } }] }],
    [
      'an unknown mark',
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'strike' }] }] }],
      },
    ],
    ['raw html attributes', { type: 'doc', content: [{ type: 'paragraph', attrs: { onclick: 'x' } }] }],
    [
      'an empty text node',
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '' }] }] },
    ],
    ['no blocks', { type: 'doc', content: [] }],
    ['not a doc', { type: 'paragraph' }],
  ])('refuses %s', (_name, doc) => {
    expect(richTextDoc.safeParse(doc).success).toBe(false);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,x',
    'http://example.com',
    'https://',
    'mailto:a b',
    '//example.com',
    'https://e.com/"><script>',
    'https://a b.com',
  ])('refuses the link %s', (href) => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }],
        },
      ],
    };
    expect(richTextDoc.safeParse(doc).success).toBe(false);
  });

  it('refuses 300k nested arrays as too deep without throwing', () => {
    let deep: unknown = [];
    for (let i = 0; i < 300_000; i++) deep = [deep];
    const res = richTextDoc.safeParse({ type: 'doc', content: deep });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('too_deep');
  });

  it('refuses a document nested deeper than 40 levels or larger than 100 kB', () => {
    expect(richTextDoc.safeParse(nested(3)).success).toBe(true);
    const deep = richTextDoc.safeParse(nested(10));
    expect(deep.success).toBe(false);
    expect(deep.error?.issues[0]?.message).toBe('too_deep');
    const big = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x'.repeat(100_001) }] }],
    };
    expect(richTextDoc.safeParse(big).error?.issues[0]?.message).toBe('too_large');
    // a hostile depth is refused without overflowing the stack
    expect(richTextDoc.safeParse(nested(5000)).success).toBe(false);
  });
});

describe('richTextToHtml', () => {
  it('writes only the allowed tags', () => {
    expect(richTextToHtml(sample)).toBe(
      '<h2>Before you go</h2><p>Bring <strong><em>water</em></strong><br>' +
        '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">our site</a></p>' +
        '<ul><li><p>Hat</p></li><li><p>Shoes</p><ol><li><p>Left</p></li></ol></li></ul><p></p>',
    );
  });

  it('escapes every text and attribute', () => {
    const doc = richTextDoc.parse({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '<script>alert("x")</script> & \'' },
            {
              type: 'text',
              text: 'q',
              marks: [{ type: 'link', attrs: { href: "https://e.com/?a=1&b='x'" } }],
            },
          ],
        },
      ],
    });
    const html = richTextToHtml(doc);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;');
    expect(html).toContain('href="https://e.com/?a=1&amp;b=&#39;x&#39;"');
  });

  it('keeps an ordered list start other than 1', () => {
    const doc: RichTextDoc = {
      type: 'doc',
      content: [
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'c' }] }] },
          ],
        },
      ],
    };
    expect(richTextToHtml(doc)).toBe('<ol start="3"><li><p>c</p></li></ol>');
    expect(richTextToText(doc)).toBe('3. c');
  });
});

describe('richTextToText', () => {
  it('separates blocks and marks list items', () => {
    expect(richTextToText(sample)).toBe(
      'Before you go\n\nBring water\nour site\n\n- Hat\n- Shoes\n  1. Left',
    );
  });

  it('knows an empty document', () => {
    expect(isRichTextEmpty(emptyRichText)).toBe(true);
    expect(isRichTextEmpty(sample)).toBe(false);
  });
});
