// @vitest-environment node
/// <reference types="node" />
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A runtime import circle makes module evaluation order matter (a value read before its module ran is
// undefined) and ties files that should change apart. This walks web/src and fails on any circle.
// `import type` and `export type` vanish at build time, so they do not count.

const srcRoot = dirname(fileURLToPath(import.meta.url));

const importPattern =
  /^\s*(?:import|export)\s+(type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidate = [base, `${base}.ts`, `${base}.tsx`].find(
    (path) => /\.tsx?$/.test(path) && existsSync(path),
  );
  return candidate ?? null;
}

/** The runtime imports of each file, as absolute paths inside web/src. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      if (match[1] !== undefined) continue;
      const target = resolveImport(file, match[2] ?? match[3] ?? '');
      if (target !== null) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every circle found by a depth-first walk, each as the list of files from its start back to it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const done = new Set<string>();
  const onPath: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    const at = onPath.indexOf(node);
    if (at >= 0) {
      cycles.push([...onPath.slice(at), node]);
      return;
    }
    if (done.has(node)) return;
    onPath.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    onPath.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}

describe('import cycles in web/src', () => {
  it('finds a circle when there is one (the checker can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(new Map([['a', ['b']]]))).toEqual([]);
  });

  it('reads value, side-effect, re-export and dynamic imports, and skips type-only ones', () => {
    const folder = mkdtempSync(join(tmpdir(), 'nine-cycles-'));
    const files = ['a.ts', 'b.ts', 'c.tsx', 'd.ts', 'e.ts', 'f.ts'].map((name) => join(folder, name));
    writeFileSync(
      files[0]!,
      [
        "import { b, type B } from './b.ts';",
        'import {',
        '  c,',
        "} from './c.tsx';",
        "import './d.ts';",
        "export { e } from './e';",
        "import type { F } from './f.ts';",
        "const later = () => import('./f.ts');",
        'const text = "import { nothing } from \'./g.ts\'";',
      ].join('\n'),
    );
    for (const file of files.slice(1)) writeFileSync(file, '');
    const targets = importGraph([files[0]!])
      .get(files[0]!)
      ?.map((path) => relative(folder, path));
    expect(targets).toEqual(['b.ts', 'c.tsx', 'd.ts', 'e.ts', 'f.ts']);
  });

  it('has no runtime import circle', () => {
    const cycles = findCycles(importGraph(sourceFiles(srcRoot))).map((cycle) =>
      cycle.map((path) => relative(srcRoot, path)).join(' -> '),
    );
    expect(cycles).toEqual([]);
  });
});
