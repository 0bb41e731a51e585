import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@nine/shared/constants';

export type Translate = (lang: Language, key: string, params?: Record<string, string | number>) => string;

/** Loads locales/<lang>/<ns>.json once; keys are `ns:path.to.key`; en-US is the fallback. */
export function createTranslator(localesDir: string): Translate {
  const tables = new Map<Language, Map<string, string>>();
  for (const lang of LANGUAGES) {
    const table = new Map<string, string>();
    for (const file of readdirSync(join(localesDir, lang)).filter((f) => f.endsWith('.json'))) {
      const ns = file.slice(0, -'.json'.length);
      flatten(JSON.parse(readFileSync(join(localesDir, lang, file), 'utf8')) as object, `${ns}:`, table);
    }
    tables.set(lang, table);
  }
  return (lang, key, params = {}) => {
    const template = tables.get(lang)?.get(key) ?? tables.get(DEFAULT_LANGUAGE)?.get(key) ?? key;
    return template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(params[name] ?? ''));
  };
}

function flatten(obj: object, prefix: string, out: Map<string, string>): void {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`;
    if (v && typeof v === 'object') flatten(v as object, key, out);
    else out.set(key, String(v));
  }
}

/** Picks the best supported language from an Accept-Language header ("es", "fr-CA;q=0.8", ...). */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((w) => w.tag && !Number.isNaN(w.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const byPrefix = LANGUAGES.find((l) => l.slice(0, 2).toLowerCase() === tag.slice(0, 2));
    if (byPrefix) return byPrefix;
  }
  return DEFAULT_LANGUAGE;
}
