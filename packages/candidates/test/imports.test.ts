// The source files form layers: value imports go one way (down), references back up are `import type` only, which
// the compiler erases. A runtime import cycle makes the order modules run in depend on which one is imported first.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url);

/**
 * The local modules a source file imports at run time: every `import … from './x.js'`, `import './x.js'` and
 * `export … from './x.js'`, except `import type` / `export type` (erased). An import whose braces hold only
 * `type` names still counts: under verbatimModuleSyntax it stays as `import {} from …`, which runs the module.
 */
function runtimeImports(source: string): string[] {
  const out: string[] = [];
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const statement = /^\s*(import|export)\s+(type\s+)?([^;'"]*?\sfrom\s+)?['"](\.\.?\/[^'"]+)['"]/gm;
  for (let m = statement.exec(text); m !== null; m = statement.exec(text)) {
    const [, keyword, typeOnly, clause, path] = m;
    if (typeOnly !== undefined) continue;
    if (keyword === 'export' && clause === undefined) continue;
    out.push(path!.replace(/^\.\//, '').replace(/\.js$/, ''));
  }
  return out;
}

/** The cycles of a graph (each as a path that returns to its start), found by depth-first search. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (state.get(next) === undefined) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** Each module's floor: 0 for one that imports no local module, else one more than the highest floor it imports. */
function floorsOf(graph: ReadonlyMap<string, readonly string[]>): Map<string, number> {
  const floors = new Map<string, number>();
  const floor = (node: string): number => {
    const known = floors.get(node);
    if (known !== undefined) return known;
    const f = Math.max(-1, ...(graph.get(node) ?? []).map(floor)) + 1;
    floors.set(node, f);
    return f;
  };
  for (const node of graph.keys()) floor(node);
  return floors;
}

function sourceGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(SRC).filter((f) => f.endsWith('.ts'))) {
    graph.set(file.replace(/\.ts$/, ''), runtimeImports(readFileSync(new URL(file, SRC), 'utf8')));
  }
  return graph;
}

describe('the import graph of src/*.ts', () => {
  it('reads value imports and skips type-only ones', () => {
    const source = [
      "import { a, type B } from './value.js';",
      "import type { C } from './erased.js';",
      "import { type D } from './kept-empty.js';",
      "import {\n  e,\n  f,\n} from './multi-line.js';",
      "import './side-effect.js';",
      "export { g } from './re-export.js';",
      "export type { H } from './type-export.js';",
      "// import { x } from './commented.js';",
      "import { y } from '@puzzles/dlx';",
      "export const z = 1;",
    ].join('\n');
    expect(runtimeImports(source)).toEqual(['value', 'kept-empty', 'multi-line', 'side-effect', 're-export']);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['solver', ['validation', 'tables']],
      ['validation', ['solver']],
      ['tables', []],
    ]);
    expect(cyclesOf(graph)).toEqual([['solver', 'validation', 'solver']]);
  });

  it('has no runtime cycle: every file sits on one floor', () => {
    const graph = sourceGraph();
    expect(graph.size).toBeGreaterThan(20);
    for (const [file, imports] of graph) for (const imported of imports) expect(graph.has(imported), `${file} imports ./${imported}.js`).toBe(true);
    expect(cyclesOf(graph)).toEqual([]);
    const floors = floorsOf(graph);
    // The layers, bottom up: value imports only go down; the way back up is `import type`.
    const below = (a: string, b: string): void => expect(floors.get(a)!, `${a} below ${b}`).toBeLessThan(floors.get(b)!);
    below('component', 'grid');
    below('grid', 'puzzle');
    below('step', 'techniques');
    below('validation', 'solver');
    below('solver', 'explain');
    expect(graph.get('puzzle')).not.toContain('component');
    expect(graph.get('component')).not.toContain('grid');
  });
});
