// The referrer graph of the Lisp blog post on access logs: the top referrers and the pages they point to, URLs as
// boxes, edges labelled with counts, as Graphviz DOT text (svg.ts renders it).
import { describeValue } from './errors.js';
import { checkStats, type LogStats } from './stats.js';

/** Options of `toDot`. */
export interface DotOptions {
  /** How many referrers (by total hits), default 20 (as in the Lisp blog post on access logs). */
  readonly top?: number;
  /** Keep hits without a referrer (`-`) as a node. Default false: `-` is not a URL. */
  readonly includeDirect?: boolean;
  /** The graph's name. Default `referrers`. */
  readonly name?: string;
  /** At most this many requests per referrer, most hits first. Default: all of them. */
  readonly requestsPerReferrer?: number;
}

/**
 * A string as a DOT double-quoted string: `"` and `\` escaped, line breaks as `\n`, other control characters as
 * spaces (Graphviz would otherwise treat `\l`, `\N`… in labels as escapes, or reject raw control characters).
 */
export function dotString(text: string): string {
  if (typeof text !== 'string') throw new TypeError(`dotString takes a string; got ${describeValue(text)}`);
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) out += ' ';
    else if (code >= 0xd800 && code <= 0xdfff) out += '\ufffd';
    else out += ch;
  }
  return `${out}"`;
}

/** The top referrers overall and the requests they led to, as a DOT digraph. */
export function toDot(stats: LogStats, options: DotOptions = {}): string {
  checkStats(stats, 'toDot');
  if (typeof options !== 'object' || options === null) throw new TypeError(`toDot options must be an object; got ${describeValue(options)}`);
  const top = options.top ?? 20;
  if (!Number.isInteger(top) || top < 0) throw new RangeError(`top must be a non-negative integer; got ${describeValue(top)}`);
  const per = options.requestsPerReferrer ?? Infinity;
  if (per !== Infinity && (!Number.isInteger(per) || per < 0)) throw new RangeError(`requestsPerReferrer must be a non-negative integer; got ${describeValue(per)}`);
  if (options.name !== undefined && typeof options.name !== 'string') throw new TypeError(`the graph's name must be a string; got ${describeValue(options.name)}`);
  const includeDirect = options.includeDirect === true;
  const referrers = stats.overall.referrers.filter((r) => includeDirect || r.referrer !== '-').slice(0, top);
  const chosen = new Set(referrers.map((r) => r.referrer));
  const ids = new Map<string, string>();
  const nodes: string[] = [];
  const node = (url: string): string => {
    let id = ids.get(url);
    if (id === undefined) {
      id = `n${ids.size}`;
      ids.set(url, id);
      nodes.push(`  ${id} [label=${dotString(url)}];`);
    }
    return id;
  };
  for (const r of referrers) node(r.referrer);
  const edges: string[] = [];
  const shown = new Map<string, number>();
  for (const pair of stats.overall.pairs) {
    if (!chosen.has(pair.referrer)) continue;
    const n = shown.get(pair.referrer) ?? 0;
    if (n >= per) continue;
    shown.set(pair.referrer, n + 1);
    edges.push(`  ${node(pair.referrer)} -> ${node(pair.request)} [label=${dotString(String(pair.hits))}];`);
  }
  return [
    `digraph ${dotString(options.name ?? 'referrers')} {`,
    '  node [shape=box];',
    ...nodes,
    ...edges,
    '}',
    '',
  ].join('\n');
}
