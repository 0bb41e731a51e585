import type { CategoryRow } from '@nine/shared/schemas/inventory';

export interface TreeNode {
  category: CategoryRow;
  depth: number;
}

/** The tree in display order (parents before children, siblings by sort order then name). */
export function flattenTree(rows: readonly CategoryRow[]): TreeNode[] {
  const children = new Map<number | null, CategoryRow[]>();
  for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  for (const list of children.values())
    list.sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name) || a.id - b.id);
  const out: TreeNode[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      out.push({ category: c, depth });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Options for a category select: the path of each category, e.g. "Boats › Canoes". */
export function categoryOptions(rows: readonly CategoryRow[]): { id: number; label: string }[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const path = (row: CategoryRow): string => {
    const names = [row.name];
    let parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    for (let guard = 0; parent && guard < 50; guard++) {
      names.unshift(parent.name);
      parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
    }
    return names.join(' › ');
  };
  return flattenTree(rows).map(({ category }) => ({ id: category.id, label: path(category) }));
}

/** A category and everything below it: the parents it must not be moved under. */
export function descendantsOf(rows: readonly CategoryRow[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parent_id !== null && out.has(r.parent_id) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}
