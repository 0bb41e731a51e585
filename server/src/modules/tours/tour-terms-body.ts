import { createHash } from 'node:crypto';
import { richTextToHtml, richTextToText, type RichTextDoc } from '@nine/shared/rich-text';

/**
 * JSON with every object's keys sorted and no spaces: the same document always gives the same text, whatever
 * order a client or jsonb wrote its keys in. The body is depth-checked (richTextDoc), so recursion is safe.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** SHA-256 of the body's canonical JSON: the fingerprint a signed waiver quotes (part 2). */
export function termsFingerprint(body: RichTextDoc): Buffer {
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest();
}

/**
 * What a terms version stores beside its body: the html and text rendered here (never sent by a client) and
 * the fingerprint of the body itself, so formatting (a link, a heading) is part of what was signed.
 */
export function renderTermsBody(body: RichTextDoc): { html: string; text: string; sha256: Buffer } {
  return { html: richTextToHtml(body), text: richTextToText(body), sha256: termsFingerprint(body) };
}
