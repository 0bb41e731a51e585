import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Editor } from '@tiptap/react';
import { richTextDoc, richTextToHtml, type RichTextDoc } from '@nine/shared/rich-text';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { richTextExtensions } from './rich-text-editor-impl.tsx';
import { RichTextEditor, RichTextView } from './rich-text-editor.tsx';

beforeAll(async () => {
  await initI18n();
});

describe('richTextExtensions', () => {
  it('writes documents the shared schema accepts and drops what it refuses', () => {
    const editor = new Editor({
      extensions: richTextExtensions(),
      content:
        '<h1>Top</h1><h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>gone</s> <code>c</code>' +
        '<a href="https://example.com">ok</a> <a href="javascript:alert(1)">bad</a><br>next</p>' +
        '<ul><li><p>one</p><ol start="2"><li><p>two</p></li></ol></li></ul><blockquote><p>quote</p></blockquote>' +
        '<pre><code>x</code></pre><hr><script>alert(1)</script>',
    });
    const doc = editor.getJSON();
    const parsed = richTextDoc.safeParse(doc);
    expect(parsed.error?.issues).toBeUndefined();
    const html = richTextToHtml(parsed.data!);
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<a href="https://example.com"');
    expect(html).not.toContain('javascript');
    expect(html).not.toContain('<script');
    expect(html).toContain('<ol start="2">');
    editor.destroy();
  });
});

function Harness({ initial, required = false }: { initial: RichTextDoc; required?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor label="Description" value={value} onChange={setValue} required={required} />
      <output data-testid="json">{JSON.stringify(value)}</output>
    </>
  );
}

describe('RichTextEditor', () => {
  it('is a labelled textbox with a named toolbar, loaded on demand', async () => {
    renderWithProviders(
      <Harness
        initial={{
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }],
        }}
      />,
    );
    const box = await screen.findByRole('textbox', { name: 'Description' });
    expect(box.textContent).toBe('Hello');
    expect(screen.getByRole('toolbar', { name: 'Text formatting' })).toBeTruthy();
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    // A link needs selected text, then an https or mailto address.
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByRole('alert').textContent).toBe('Select the text to link first, then choose Link.');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    fireEvent.keyDown(box, { key: 'a', ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByLabelText('Link address (https:// or mailto:)');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply link' }));
    expect(screen.getByRole('alert').textContent).toContain('https://');
    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(screen.getByTestId('json').textContent).toContain('bulletList'));
    expect(richTextDoc.safeParse(JSON.parse(screen.getByTestId('json').textContent!)).success).toBe(true);
  });
});

describe('RichTextEditor accessibility', () => {
  const hello: RichTextDoc = {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }],
  };

  it('names each tool with its visible text and makes the toolbar one Tab stop with arrow keys', async () => {
    renderWithProviders(<Harness initial={hello} />);
    await screen.findByRole('textbox', { name: 'Description' });
    const toolbar = screen.getByRole('toolbar', { name: 'Text formatting' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Heading 2',
      'Heading 3',
      'Bulleted list',
      'Numbered list',
      'Link',
    ]);
    // The accessible name contains what the button shows.
    for (const b of buttons)
      expect((b.getAttribute('aria-label') ?? b.textContent)!).toContain(b.textContent!);
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    await waitFor(() => expect(buttons[1]!.tabIndex).toBe(0));
    expect(buttons[0]!.tabIndex).toBe(-1);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[7]);
    fireEvent.keyDown(buttons[7]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(buttons[7]);
    fireEvent.keyDown(buttons[7]!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('marks a required editor and focuses it from its label', async () => {
    renderWithProviders(<Harness initial={hello} required />);
    const box = await screen.findByRole('textbox', { name: /Description/ });
    expect(box.getAttribute('aria-required')).toBe('true');
    fireEvent.click(screen.getByText('Description'));
    expect(document.activeElement).toBe(box);
  });
});

describe('RichTextView', () => {
  it('shows the server-rendered html', () => {
    renderWithProviders(<RichTextView html="<p><strong>Safe</strong> text</p>" data-testid="view" />);
    expect(screen.getByTestId('view').querySelector('strong')?.textContent).toBe('Safe');
  });
});
