// Panel statistics in the compact form of state files (Node only): every string once (the visitor keys' hosts and
// days and user agents each in a table of their own), and the numbers of each panel (hits, bytes, how many visitors
// per item, the visitor ids) as base64 little-endian typed arrays instead of JSON arrays of numbers. Against the plain
// JSON of `panelsToJson` the state of 1M lines of the sample log shrinks from 0.8 MB to ~0.3 MB and reads with far
// fewer objects to make and collect.
import { describeValue } from './errors.js';
import { PackedItem, count0, panelsWithTotals, readPairs, visitorList, type PanelStats } from './panels.js';

/**
 * The compact form: as JSON (numbers as base64 strings) for state files, or with the typed arrays themselves for
 * posting from a worker thread (their buffers transferred, not copied). @internal
 */
export interface CompactPanels {
  readonly valid: number;
  readonly failed: number;
  readonly logSize: number;
  readonly bytes: number;
  /** Distinct texts of the visitor keys' parts. */
  readonly texts: string[];
  /** Per visitor: the text index of its `host \0 day` part (-1: the key has no `\0`) and of its agent (or whole key). */
  readonly visitors: string | Int32Array;
  /** Per list panel: item keys, and base64 hits, bytes (Float64), visitor counts and visitor ids (Int32). */
  readonly lists: Record<string, { keys: string[]; hits: string | Float64Array; bytes: string | Float64Array; counts: string | Int32Array; ids: string | Int32Array }>;
  /** `[referrer, request, hits]` rows of the graph. */
  readonly pairs: Array<[string, string, number]>;
}

/** True on little-endian platforms (the typed arrays are written little-endian everywhere). */
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Swaps each element's bytes in place (4 or 8 bytes per element): for big-endian platforms. */
function swap(bytes: Buffer, size: number): Buffer {
  return size === 4 ? bytes.swap32() : bytes.swap64();
}

/** Base64 of a typed array's elements, little-endian. */
function base64(a: Int32Array | Float64Array): string {
  const bytes = Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  return (LITTLE ? bytes : swap(Buffer.from(bytes), a.BYTES_PER_ELEMENT)).toString('base64');
}

/** The statistics in compact form: numbers as base64 text, or (`binary`) as typed arrays. @internal */
export function compactPanels(stats: PanelStats, binary = false): CompactPanels {
  const encode = <T extends Int32Array | Float64Array>(a: T): string | T => (binary ? a : base64(a));
  const texts: string[] = [];
  const textIds = new Map<string, number>();
  const text = (t: string): number => {
    let id = textIds.get(t);
    if (id === undefined) textIds.set(t, (id = texts.push(t) - 1));
    return id;
  };
  const visitors = new Int32Array(2 * stats.visitorKeys.size);
  for (const [key, v] of stats.visitorKeys) {
    // host \0 day \0 agent: the agent repeats across hosts and days, so it is a text of its own.
    const cut = key.indexOf('\u0000', key.indexOf('\u0000') + 1);
    visitors[2 * v] = cut < 0 ? -1 : text(key.slice(0, cut));
    visitors[2 * v + 1] = text(cut < 0 ? key : key.slice(cut + 1));
  }
  const lists: CompactPanels['lists'] = {};
  for (const [name, map] of Object.entries(stats.lists)) {
    const keys: string[] = [];
    const hits = new Float64Array(map.size);
    const bytes = new Float64Array(map.size);
    const counts = new Int32Array(map.size);
    let total = 0;
    for (const item of map.values()) total += visitorList(item).length;
    const ids = new Int32Array(total);
    let i = 0;
    let at = 0;
    for (const [key, item] of map) {
      keys.push(key);
      hits[i] = item.hits;
      bytes[i] = item.bytes;
      const list = visitorList(item);
      counts[i++] = list.length;
      const from = at;
      let ascending = true;
      for (let k = 0; k < list.length; k++) {
        ids[at++] = list[k]!;
        if (k > 0 && list[k - 1]! > list[k]!) ascending = false;
      }
      // (Items counted from records keep Sets, in insertion order.)
      if (!ascending) ids.subarray(from, at).sort();
    }
    lists[name] = { keys, hits: encode(hits), bytes: encode(bytes), counts: encode(counts), ids: encode(ids) };
  }
  const pairs: Array<[string, string, number]> = [];
  for (const [key, hits] of stats.pairs) {
    const cut = key.indexOf('\u0000');
    pairs.push([key.slice(0, cut), key.slice(cut + 1), hits]);
  }
  return { valid: stats.valid, failed: stats.failed, logSize: stats.logSize, bytes: stats.bytes, texts, visitors: encode(visitors), lists, pairs };
}


/** The buffers of the typed arrays of a binary compact form, to transfer with it. @internal */
export function transferables(compact: CompactPanels): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  const add = (a: unknown): void => {
    if (a instanceof Int32Array || a instanceof Float64Array) out.push(a.buffer as ArrayBuffer);
  };
  add(compact.visitors);
  for (const list of Object.values(compact.lists)) for (const a of [list.hits, list.bytes, list.counts, list.ids]) add(a);
  return out;
}

/**
 * A typed array of base64 data (a copy, aligned), or the typed array itself when it is one of the kind; null when it
 * is neither.
 */
function decode<T extends Int32Array | Float64Array>(value: unknown, Kind: { new (length: number): T; BYTES_PER_ELEMENT: number }): T | null {
  if (value instanceof Kind) return value;
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length % Kind.BYTES_PER_ELEMENT !== 0) return null;
  const out = new Kind(bytes.length / Kind.BYTES_PER_ELEMENT);
  new Uint8Array(out.buffer).set(LITTLE ? bytes : swap(bytes, Kind.BYTES_PER_ELEMENT));
  return out;
}

/** Reads statistics written by `compactPanels`; anything else is a TypeError saying what is wrong. @internal */
export function expandPanels(value: unknown): PanelStats {
  const bad = (what: string): never => {
    throw new TypeError(`not compact logparse panel statistics: ${what}`);
  };
  if (typeof value !== 'object' || value === null) return bad(`expected an object; got ${describeValue(value)}`);
  const v = value as Partial<CompactPanels>;
  const stats = panelsWithTotals(v, bad);
  if (!Array.isArray(v.texts) || !v.texts.every((t) => typeof t === 'string')) return bad('texts must be a list of strings');
  const texts = v.texts;
  const parts = decode(v.visitors, Int32Array) ?? bad('visitors must be base64 of pairs of 32-bit integers');
  if (parts.length % 2 !== 0) return bad('visitors must be base64 of pairs of 32-bit integers');
  if (typeof v.lists !== 'object' || v.lists === null) return bad('lists must be an object');
  const visitorCount = parts.length / 2;
  for (let i = 0; i < visitorCount; i++) {
    const head = parts[2 * i]!;
    const tail = parts[2 * i + 1]!;
    if (head < -1 || head >= texts.length || tail < 0 || tail >= texts.length) return bad(`visitor ${i} names a text that does not exist`);
    const key = head < 0 ? texts[tail]! : `${texts[head]}\u0000${texts[tail]}`;
    if (stats.visitorKeys.has(key)) return bad('visitor keys repeat');
    stats.visitorKeys.set(key, i);
  }
  for (const name of Object.keys(stats.lists) as Array<keyof PanelStats['lists']>) {
    const list = v.lists[name];
    if (typeof list !== 'object' || list === null) return bad(`lists.${name} must be an object`);
    const keys = list.keys;
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) return bad(`lists.${name}.keys must be a list of strings`);
    const hits = decode(list.hits, Float64Array);
    const bytes = decode(list.bytes, Float64Array);
    const counts = decode(list.counts, Int32Array);
    const ids = decode(list.ids, Int32Array);
    if (hits === null || bytes === null || counts === null || ids === null || hits.length !== keys.length || bytes.length !== keys.length || counts.length !== keys.length) {
      return bad(`lists.${name} must have base64 hits, bytes and counts for each key, and ids`);
    }
    const target = stats.lists[name];
    let at = 0;
    for (let i = 0; i < keys.length; i++) {
      if (!count0(hits[i]) || !count0(bytes[i])) return bad(`lists.${name} has a count that is not a non-negative integer`);
      const n = counts[i]!;
      if (n < 0 || at + n > ids.length) return bad(`lists.${name} counts more visitors than it lists`);
      const own = ids.subarray(at, at + n);
      at += n;
      for (let k = 0; k < n; k++) {
        if (own[k]! < 0 || own[k]! >= visitorCount) return bad(`a row of lists.${name} names visitor ${own[k]}, which does not exist`);
        if (k > 0 && own[k - 1]! >= own[k]!) return bad(`a row of lists.${name} does not list its visitors once each, ascending`);
      }
      if (target.has(keys[i]!)) return bad(`lists.${name} names ${describeValue(keys[i])} twice`);
      target.set(keys[i]!, new PackedItem(hits[i]!, bytes[i]!, own));
    }
    if (at !== ids.length) return bad(`lists.${name} lists more visitors than it counts`);
  }
  readPairs(v.pairs, stats, bad);
  return stats;
}
