// @vitest-environment node
/// <reference types="node" />
import { defaultConfig } from '@chakra-ui/react';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { system } from './theme.ts';

// app/theme.ts keeps only the multi-part recipes of the components the app uses: a component drawn without
// its recipe loses its look, so every Chakra component imported anywhere in web/src must find it there.

const srcRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every name imported from '@chakra-ui/react' in the app's sources (aliases read by their own name). */
function chakraImports(): Set<string> {
  const names = new Set<string>();
  const pattern = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g;
  for (const file of sourceFiles(srcRoot)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      for (const part of match[1]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!;
        if (name !== '') names.add(name);
      }
    }
  }
  return names;
}

const recipeKey = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

describe('the Chakra theme', () => {
  const ours = system._config.theme ?? {};
  const defaults = defaultConfig.theme ?? {};

  it('has the default recipe of every Chakra component the app imports', () => {
    const used = [...chakraImports()].map(recipeKey);
    const missing = used.filter(
      (key) =>
        (defaults.slotRecipes?.[key] !== undefined && ours.slotRecipes?.[key] === undefined) ||
        (defaults.recipes?.[key] !== undefined && ours.recipes?.[key] === undefined),
    );
    expect(missing).toEqual([]);
    // The scan itself reads imports: a few known components prove it found them.
    expect(used).toEqual(expect.arrayContaining(['button', 'dialog', 'field', 'toast']));
  });

  it('keeps the default recipes, tokens and global styles unchanged', () => {
    for (const [key, recipe] of Object.entries(ours.slotRecipes ?? {}))
      expect(recipe, key).toEqual(defaults.slotRecipes?.[key]);
    expect(ours.recipes).toEqual(defaults.recipes);
    expect(ours.tokens).toEqual(defaults.tokens);
    expect(ours.semanticTokens).toEqual(defaults.semanticTokens);
    expect(ours.textStyles).toEqual(defaults.textStyles);
    expect(ours.layerStyles).toEqual(defaults.layerStyles);
    expect(system._config.conditions).toEqual(defaultConfig.conditions);
    expect(Object.keys(system._config.utilities ?? {})).toEqual(Object.keys(defaultConfig.utilities ?? {}));
  });

  it('leaves out the recipes of components the app does not use', () => {
    expect(ours.slotRecipes?.datePicker).toBeUndefined();
    expect(Object.keys(ours.slotRecipes ?? {}).length).toBeLessThan(
      Object.keys(defaults.slotRecipes ?? {}).length / 2,
    );
  });
});
