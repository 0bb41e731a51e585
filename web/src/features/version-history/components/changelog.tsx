import { Code, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { parseChangelog, type Block, type Inline } from '../parse-changelog.ts';

function renderInline(content: Inline[]): ReactNode[] {
  return content.map((part, index) => {
    switch (part.kind) {
      case 'text':
        return part.text;
      case 'code':
        return <Code key={index}>{part.text}</Code>;
      case 'strong':
        return <strong key={index}>{part.text}</strong>;
      case 'link':
        return (
          <Link key={index} href={part.href} colorPalette="blue" variant="underline">
            {part.text}
          </Link>
        );
    }
  });
}

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.kind) {
    case 'heading':
      return (
        <Heading key={index} as="h3" size="md">
          {renderInline(block.content)}
        </Heading>
      );
    case 'paragraph':
      return <Text key={index}>{renderInline(block.content)}</Text>;
    case 'list':
      return (
        <List.Root key={index} ps="5" gap="1">
          {block.items.map((item, i) => (
            <List.Item key={i}>{renderInline(item)}</List.Item>
          ))}
        </List.Root>
      );
  }
}

/** The project's changelog, newest release first as written. */
export function Changelog({ markdown }: { markdown: string }) {
  const { t } = useAppTranslation();
  const releases = useMemo(() => parseChangelog(markdown), [markdown]);
  if (releases.length === 0) return <Text color="fg.muted">{t('settings:version_history.empty')}</Text>;
  return (
    <Stack gap="8">
      {releases.map((release) => (
        <Stack as="section" key={release.title} gap="3" aria-label={release.title}>
          <Heading as="h2" size="lg">
            {release.title}
          </Heading>
          {release.blocks.map(renderBlock)}
        </Stack>
      ))}
    </Stack>
  );
}
