import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@nine/shared/constants';
import en from '../../../locales/en-US/agent-page.json' with { type: 'json' };
import es from '../../../locales/es-ES/agent-page.json' with { type: 'json' };
import fr from '../../../locales/fr-FR/agent-page.json' with { type: 'json' };

// The agent's own page speaks the back office's languages; the strings live with the others in locales/.
const texts: Record<Language, Record<string, string>> = { 'en-US': en, 'es-ES': es, 'fr-FR': fr };
export type PageKey = keyof typeof en;

/** The best of en-US, es-ES and fr-FR for an Accept-Language header (q-values honoured). */
export function pageLanguage(header: string | undefined): Language {
  const wanted = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q.trim().slice(2)) };
    })
    .filter((w) => w.tag !== '' && !Number.isNaN(w.q) && w.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const found =
      LANGUAGES.find((l) => l.toLowerCase() === tag) ??
      LANGUAGES.find((l) => l.slice(0, 2) === tag.slice(0, 2));
    if (found !== undefined) return found;
  }
  return DEFAULT_LANGUAGE;
}

/** `t(key, { name })`, with `{{name}}` placeholders as in i18next; en-US fills a missing string. */
export function pageTranslator(language: Language) {
  return (key: PageKey, values: Record<string, string | number> = {}): string =>
    (texts[language][key] ?? en[key]).replace(/{{\s*(\w+)\s*}}/g, (_m, name: string) =>
      String(values[name] ?? ''),
    );
}
