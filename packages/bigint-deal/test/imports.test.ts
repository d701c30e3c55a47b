// The library's modules import values one way only: a back-reference is `import type`, so there is no runtime cycle.
import { readFileSync, readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url);

/**
 * The local modules a source imports at run time: `import`/`export … from './x.js'` (or `'../dir/x.js'`), skipping
 * `import type` and `export type`; each as a path relative to the importing file, without `./` and `.js`.
 */
export function runtimeImports(source: string): string[] {
  const found: string[] = [];
  // Whole statements, which may span lines: from `import`/`export` up to the module specifier.
  const statement = /^(import|export)\s+(type\s+)?([^;]*?)\s*from\s*'(\.\.?\/[\w./-]+)\.js'/gms;
  for (const match of source.matchAll(statement)) {
    if (match[2] !== undefined) continue; // import type / export type
    const names = match[3]!;
    // `import { type A, type B } from` brings in no value either.
    const inner = /^\{([^}]*)\}$/s.exec(names.trim());
    if (inner && inner[1]!.split(',').map((n) => n.trim()).filter(Boolean).every((n) => n.startsWith('type '))) continue;
    found.push(posix.normalize(match[4]!));
  }
  for (const match of source.matchAll(/^import\s+'(\.\.?\/[\w./-]+)\.js'/gm)) found.push(posix.normalize(match[1]!));
  return found;
}

/** Every cycle (as a path a → … → a) in a graph of module names. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

/** Every module under src/ (as `numbering/deal`, `index`) with the modules it imports at run time. */
function sourceGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  for (const file of files.map((f) => f.split('\\').join('/'))) {
    const module = file.replace(/\.ts$/, '');
    const imports = runtimeImports(readFileSync(new URL(file, SRC), 'utf8'));
    graph.set(module, imports.map((target) => posix.join(posix.dirname(module), target)));
  }
  return graph;
}

describe('module imports', () => {
  it('reads value imports and skips type-only ones', () => {
    const source = [
      "import { Deal } from './deal.js';",
      "import type { Signature } from './signature.js';",
      "import { type Edition, type PageInput } from './numbering.js';",
      "import {\n  createDealNumbering,\n  type DealInput,\n} from './bridge.js';",
      "export { formatPbn } from './pbn.js';",
      "export type { Seat } from './cards.js';",
      "import { describeValue } from '../errors.js';",
      "import type { Constraint } from '../conditions/constraint.js';",
    ].join('\n');
    expect(runtimeImports(source)).toEqual(['deal', 'bridge', 'pbn', '../errors']);
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
    expect(cycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('src/ has no runtime import cycle', () => {
    const graph = sourceGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph)).toEqual([]);
  });

  it('deal.ts is a leaf: it imports no numbering, parser or bridge module at run time', () => {
    const imports = sourceGraph().get('numbering/deal')!;
    expect(imports).toBeDefined();
    for (const module of ['bridge', 'numbering', 'pbn', 'hands', 'diagram']) expect(imports).not.toContain(`numbering/${module}`);
    expect(imports).not.toContain('conditions/random');
  });

  it('the book\'s numbering does not reach into dealing to order', () => {
    for (const [module, imports] of sourceGraph()) {
      if (module.startsWith('numbering/')) expect(imports.filter((m) => m.startsWith('conditions/')), module).toEqual([]);
    }
  });

  it('the main entry does not reach the double-dummy solver at run time: it has a subpath of its own', () => {
    const graph = sourceGraph();
    const reached = (from: string): Set<string> => {
      const seen = new Set<string>();
      const visit = (module: string): void => {
        if (seen.has(module)) return;
        seen.add(module);
        for (const next of graph.get(module) ?? []) visit(next);
      };
      visit(from);
      return seen;
    };
    const main = reached('index');
    expect(main.size).toBeGreaterThan(10);
    expect([...main].filter((module) => module.startsWith('double-dummy/'))).toEqual([]);
    // The subpath does reach the search, so the walk would see it.
    expect(reached('double-dummy/index')).toContain('double-dummy/search');
  });
});
