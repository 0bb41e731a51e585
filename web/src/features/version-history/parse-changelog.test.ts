import changelog from '../../../../CHANGELOG.md?raw';
import { describe, expect, it } from 'vitest';
import { parseChangelog, parseInline } from './parse-changelog.ts';

describe('changelog parsing', () => {
  it('splits releases by their headings, with lists, paragraphs and sub-headings', () => {
    const releases = parseChangelog(`# Changelog

Intro that is not a release.

## 0.2.0 — 2026-12-01

Session work.

### Added
- Location modal
- SSO with \`oidc\`
  continued on the next line

## 0.1.0 — 2026-11-21

- First walking skeleton
`);
    expect(releases.map((r) => r.title)).toEqual(['0.2.0 — 2026-12-01', '0.1.0 — 2026-11-21']);
    expect(releases[0]?.blocks.map((b) => b.kind)).toEqual(['paragraph', 'heading', 'list']);
    const list = releases[0]?.blocks[2];
    expect(list?.kind === 'list' && list.items[1]).toEqual([
      { kind: 'text', text: 'SSO with ' },
      { kind: 'code', text: 'oidc' },
      { kind: 'text', text: ' ' },
      { kind: 'text', text: 'continued on the next line' },
    ]);
  });

  it('reads inline code, bold and links', () => {
    expect(parseInline('Run `pnpm start`, **then** see [docs](https://example.test/docs).')).toEqual([
      { kind: 'text', text: 'Run ' },
      { kind: 'code', text: 'pnpm start' },
      { kind: 'text', text: ', ' },
      { kind: 'strong', text: 'then' },
      { kind: 'text', text: ' see ' },
      { kind: 'link', text: 'docs', href: 'https://example.test/docs' },
      { kind: 'text', text: '.' },
    ]);
  });

  it("reads the project's own CHANGELOG.md", () => {
    const releases = parseChangelog(changelog);
    expect(releases.length).toBeGreaterThan(0);
    expect(releases.at(-1)?.title).toMatch(/^0\.1\.0/);
  });
});
