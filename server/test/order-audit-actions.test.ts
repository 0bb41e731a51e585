import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_MOVE_KINDS, ORDER_AUDIT_ACTIONS, ORDER_EVENT_TYPES } from '@nine/shared/order-audit';
import { depositMove } from '@nine/shared/schemas/money';

/*
 * The order timeline has a sentence for each action in shared/order-audit.ts. This scan reads the
 * server's source for every audit-log write of an order (or of an invoice, which the order's timeline
 * shows as `invoice:<action>`) and fails when one writes an action that list lacks, or writes it in a
 * form the scan cannot read: then teach the scan, rather than letting a raw code reach the timeline.
 * Writes go through lib/audit.ts, `audit(client, actor, { entity: 'order', entityId, action, data })`;
 * the seed writes its rows in bulk SQL, which the scan reads too.
 */

const SRC = join(import.meta.dirname, '..', 'src');

// Actions built from a value: each prefix and the values it can take.
const FAMILIES: Record<string, readonly string[]> = {
  'event:': ORDER_EVENT_TYPES,
  'deposit:': DEPOSIT_MOVE_KINDS,
};

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    ),
  );
  return nested.flat();
}

/** The text from `open` (an opening bracket) to its partner, skipping strings, templates and comments. */
function balanced(text: string, open: number): string {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      i = skipString(text, i);
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      i = text.indexOf('\n', i);
      continue;
    }
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return text.slice(open, i + 1);
    }
  }
  throw new Error(`unbalanced brackets at ${open}`);
}

function skipString(text: string, start: number): number {
  const quote = text[start]!;
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (quote === '`' && text[i] === '$' && text[i + 1] === '{') i += balanced(text, i + 1).length;
    else if (text[i] === quote) return i;
  }
  throw new Error(`unterminated string at ${start}`);
}

/** Splits an argument list (without its brackets) at its top-level commas. */
function topLevel(list: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (c === "'" || c === '"' || c === '`') i = skipString(list, i);
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0 && c === separator) {
      parts.push(list.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(list.slice(from));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** The actions an expression can be: a literal, a known family's template, or either branch of a `?:`. */
function actionsOf(expression: string, where: string): string[] {
  const e = expression.trim();
  const literal = /^(['"])([\w:-]+)\1$/.exec(e);
  if (literal) return [literal[2]!];
  const template = /^`([\w-]+:)\$\{[^}]+\}`$/.exec(e);
  if (template && FAMILIES[template[1]!]) return FAMILIES[template[1]!]!.map((v) => template[1] + v);
  const question = topLevel(e, '?');
  if (question.length === 2) {
    const branches = topLevel(question[1]!, ':');
    if (branches.length === 2) return branches.flatMap((b) => actionsOf(b, where));
  }
  throw new Error(`${where}: cannot read the audit action \`${e}\``);
}

interface Write {
  entity: 'order' | 'invoice';
  action: string;
  where: string;
}

/** The properties of an object literal's text (with its braces): `key: value` and shorthand `key`. */
function properties(literal: string): Map<string, string> {
  const props = new Map<string, string>();
  for (const part of topLevel(literal.trim().slice(1, -1), ',')) {
    if (part.startsWith('...')) continue;
    const colon = topLevel(part, ':');
    props.set(colon[0]!.trim(), (colon.length > 1 ? part.slice(part.indexOf(':') + 1) : part).trim());
  }
  return props;
}

/** The parameter names of the function around `at`, and that function's name. */
function enclosingFunction(text: string, at: number, where: string): { name: string; params: string[] } {
  const fn = [...text.slice(0, at).matchAll(/function (\w+)\s*\(/g)].at(-1);
  if (!fn) throw new Error(`${where}: an audit write outside a function`);
  const params = topLevel(balanced(text, fn.index + fn[0].length - 1).slice(1, -1), ',').map((p) =>
    p.split(':')[0]!.trim(),
  );
  return { name: fn[1]!, params };
}

async function scan(): Promise<Write[]> {
  const files = await sourceFiles(SRC);
  const texts = new Map(await Promise.all(files.map(async (f) => [f, await readFile(f, 'utf8')] as const)));
  const writes: Write[] = [];
  const line = (file: string, at: number) =>
    `${relative(SRC, file)}:${texts.get(file)!.slice(0, at).split('\n').length}`;

  /** The actions `fn`'s callers pass as its parameter number `index` (a helper around audit()). */
  const callersOf = (file: string, fn: string, index: number, entity: Write['entity'], where: string) => {
    const callers = [...texts].filter(
      ([other, t]) =>
        other === file ||
        new RegExp(`import \\{[^}]*\\b${fn}\\b[^}]*\\} from '[^']*${basename(file)}'`).test(t),
    );
    let calls = 0;
    for (const [callerFile, callerText] of callers) {
      for (const c of callerText.matchAll(new RegExp(`(?<![\\w.])${fn}\\(`, 'g'))) {
        if (/function\s*$/.test(callerText.slice(0, c.index))) continue;
        const args = topLevel(balanced(callerText, c.index + c[0].length - 1).slice(1, -1), ',');
        const at = line(callerFile, c.index);
        for (const action of actionsOf(args[index] ?? '', at)) writes.push({ entity, action, where: at });
        calls++;
      }
    }
    if (calls === 0) throw new Error(`${where}: ${fn} is never called`);
  };

  for (const [file, text] of texts) {
    // The audit service: audit(client, actor, { entity: 'order', entityId, action: 'payment', data }).
    for (const m of text.matchAll(/(?<![\w.])audit\(/g)) {
      if (/function\s*$/.test(text.slice(0, m.index))) continue;
      const where = line(file, m.index);
      const entry = topLevel(balanced(text, m.index + m[0].length - 1).slice(1, -1), ',')[2];
      if (!entry?.startsWith('{')) throw new Error(`${where}: cannot read the audit entry \`${entry}\``);
      const props = properties(entry);
      const entity = /^'(\w+)'$/.exec(props.get('entity') ?? '')?.[1];
      if (!entity) throw new Error(`${where}: cannot read the audit entity \`${props.get('entity')}\``);
      if (entity !== 'order' && entity !== 'invoice') continue;
      const action = props.get('action') ?? '';
      if (/^\w+$/.test(action)) {
        // A helper passing its own `action` parameter on: read what its callers give it.
        const fn = enclosingFunction(text, m.index, where);
        const index = fn.params.indexOf(action);
        if (index < 0) throw new Error(`${where}: cannot read the audit action \`${action}\``);
        callersOf(file, fn.name, index, entity, where);
      } else for (const a of actionsOf(action, where)) writes.push({ entity, action: a, where });
    }

    // A literal entity followed by the id and the action, in SQL (`'order', $3, 'payment'`), a helper's
    // arguments (`audit(client, actor, 'order', order.id, 'payment', …)`) or a bulk row (the seed).
    for (const m of text.matchAll(/'(order|invoice)',\s*([^,()]+|\w+\([^()]*\)),\s*/g)) {
      if (m[2]!.startsWith('entityId')) continue; // an audit() entry, read above
      const entity = m[1] as Write['entity'];
      const rest = text.slice(m.index + m[0].length);
      const where = line(file, m.index);
      if (/^\$\d+\s*,/.test(rest)) {
        // SQL with the action as a parameter: the helper around it takes `action`; read its callers.
        const fn = enclosingFunction(text, m.index, where);
        const index = fn.params.indexOf('action');
        if (index < 0) throw new Error(`${where}: ${fn.name} writes an action that is not its \`action\``);
        callersOf(file, fn.name, index, entity, where);
      } else if (/^'/.test(rest) || /^`/.test(rest)) {
        const expression = rest.startsWith('`')
          ? rest.slice(0, skipString(rest, 0) + 1)
          : rest.slice(0, rest.indexOf("'", 1) + 1);
        for (const action of actionsOf(expression, where)) writes.push({ entity, action, where });
      } else if (!/^\$\d+\)/.test(rest)) {
        // Not an audit write (`'order', $1)` and the like are other tables' rows); a variable action is
        // one the scan cannot follow.
        const next = topLevel(rest.slice(0, 200), ',')[0] ?? '';
        if (/^\w+$/.test(next) && /audit/i.test(text.slice(Math.max(0, m.index - 300), m.index)))
          throw new Error(`${where}: cannot read the audit action \`${next}\``);
      }
    }
  }
  return writes;
}

const shown = (w: Write) => (w.entity === 'invoice' ? `invoice:${w.action}` : w.action);

describe('order audit actions', () => {
  it('lists every action the server writes for an order or its invoices, and only those', async () => {
    const writes = await scan();
    const unknown = writes.filter((w) => !(ORDER_AUDIT_ACTIONS as readonly string[]).includes(shown(w)));
    expect(unknown.map((w) => `${shown(w)} (${w.where})`)).toEqual([]);
    const written = new Set(writes.map(shown));
    expect(ORDER_AUDIT_ACTIONS.filter((a) => !written.has(a))).toEqual([]);
  });

  it('finds the writes it must (the scan itself works)', async () => {
    const written = new Set((await scan()).map(shown));
    for (const action of ['payment', 'refund', 'deposit:held', 'event:CLOSE', 'notes', 'invoice:posted'])
      expect(written.has(action), action).toBe(true);
  });

  it('knows every deposit movement kind the API accepts', () => {
    expect([...DEPOSIT_MOVE_KINDS].sort()).toEqual([...depositMove.shape.kind.options].sort());
  });
});
