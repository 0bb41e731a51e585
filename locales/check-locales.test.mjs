// Every key of en-US must exist in es-ES and fr-FR, with the same {{placeholders}}.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const flatten = (obj, prefix = '', out = new Map()) => {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out.set(key, String(v));
  }
  return out;
};
const load = (lang) => {
  const all = new Map();
  for (const file of readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    for (const [k, v] of flatten(JSON.parse(readFileSync(join(dir, lang, file), 'utf8'))))
      all.set(`${ns}:${k}`, v);
  }
  return all;
};
const placeholders = (s) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const en = load('en-US');
for (const lang of ['es-ES', 'fr-FR']) {
  test(`${lang} has every en-US key with the same placeholders`, () => {
    const other = load(lang);
    const missing = [...en.keys()].filter((k) => !other.has(k));
    assert.deepEqual(missing, []);
    const extra = [...other.keys()].filter((k) => !en.has(k));
    assert.deepEqual(extra, []);
    for (const [k, v] of en) assert.deepEqual(placeholders(other.get(k)), placeholders(v), k);
    for (const [k, v] of other) assert.ok(v.trim().length > 0, `${lang} ${k} is empty`);
  });
}
