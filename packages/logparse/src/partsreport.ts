// The report of one day counted in parts (by threads that each read a byte range), made from the parts' compact
// statistics without merging them into one: hits and bytes add up, and an item's visitors are the sum of its
// visitors in each part less the visitors counted twice, which are only those seen in two parts (a visitor key that
// spans the cut between ranges). Only those shared visitors' items are looked at; no visitor Set or map of items is
// made. Equal to `panelReport` of the parts' statistics merged.
import { agentClass } from './agent.js';
import { PairTable } from './intern.js';
import type { CompactPanels } from './compact.js';
import { PANELS, isOrderedPanel, sortRows, type GeneralPanel, type PanelName, type PanelReport, type PanelRow } from './panels.js';

/** One list of a part as rows: each source row goes to target row `rowOf[r]` named `names[rowOf[r]]`. */
interface Rows {
  readonly names: string[];
  readonly rowOf: Int32Array;
  readonly hits: Float64Array;
  readonly bytes: Float64Array;
  readonly counts: Int32Array;
  readonly ids: Int32Array;
}

/** The binary typed arrays of a compact list (a worker's part: never base64 here). */
function listOf(part: CompactPanels, name: string): Rows {
  const list = part.lists[name]!;
  const keys = list.keys;
  const rowOf = new Int32Array(keys.length);
  for (let r = 0; r < keys.length; r++) rowOf[r] = r;
  return { names: keys, rowOf, hits: list.hits as Float64Array, bytes: list.bytes as Float64Array, counts: list.counts as Int32Array, ids: list.ids as Int32Array };
}

/** The `os` list of a part keyed by user agent, as the operating-system or browser families of its agents. */
function familiesOfAgents(part: CompactPanels, pick: 'os' | 'browser'): Rows {
  const rows = listOf(part, 'os');
  const names: string[] = [];
  const index = new Map<string, number>();
  for (let r = 0; r < rows.names.length; r++) {
    const agent = rows.names[r]!;
    const family = agentClass(agent === '' ? null : agent)[pick];
    let at = index.get(family);
    if (at === undefined) index.set(family, (at = names.push(family) - 1));
    rows.rowOf[r] = at;
  }
  return { ...rows, names };
}

/**
 * The full report (every panel, every row) and graph pairs of one day from its parts' compact statistics (binary,
 * from `compactPanels(stats, true)`); `byAgent[i]`: part i's `os` list is keyed by user agent. @internal
 */
export function partsReport(parts: readonly CompactPanels[], byAgent: readonly boolean[]): { report: PanelReport; pairs: Map<string, number> } {
  // The visitors found in more than one part, numbered: shared[i][v] is the number of part i's visitor v, or -1. A
  // visitor is its key's two texts (`host \0 day` and agent), numbered across the parts, looked up as a pair of ids.
  const textIds = new Map<string, number>();
  const globalTexts = parts.map((part) => {
    const ids = new Int32Array(part.texts.length);
    part.texts.forEach((text, i) => {
      let id = textIds.get(text);
      if (id === undefined) textIds.set(text, (id = textIds.size));
      ids[i] = id;
    });
    return ids;
  });
  textIds.clear();
  const visitorKeys = new PairTable();
  let seen = new Int32Array(1024);
  const keyOf = (i: number, v: number): number => {
    const visitors = parts[i]!.visitors as Int32Array;
    const head = visitors[2 * v]!;
    const key = visitorKeys.id(head < 0 ? -1 : globalTexts[i]![head]!, globalTexts[i]![visitors[2 * v + 1]!]!);
    if (key >= seen.length) {
      const bigger = new Int32Array(Math.max(2 * seen.length, key + 1));
      bigger.set(seen);
      seen = bigger;
    }
    return key;
  };
  if (parts.length > 1) {
    parts.forEach((part, i) => {
      const n = (part.visitors as Int32Array).length / 2;
      for (let v = 0; v < n; v++) {
        // (Not `seen[keyOf(i, v)]++`: keyOf may replace `seen` with a bigger copy after `seen` was read.)
        const key = keyOf(i, v);
        seen[key]!++;
      }
    });
  }
  // The shared keys numbered 0, 1, 2… in order of key id.
  const number = new Int32Array(visitorKeys.size).fill(-1);
  let sharedCount = 0;
  let twice = 0;
  for (let k = 0; k < visitorKeys.size; k++) {
    if (seen[k]! < 2) continue;
    number[k] = sharedCount++;
    twice += seen[k]! - 1;
  }
  const shared = parts.map((part, i) => {
    const n = (part.visitors as Int32Array).length / 2;
    const out = new Int32Array(n).fill(-1);
    if (sharedCount === 0) return out;
    for (let v = 0; v < n; v++) out[v] = number[keyOf(i, v)]!;
    return out;
  });
  const out: Record<string, unknown> = {};
  const distinct: Record<string, number> = {};
  for (const name of PANELS) {
    if (name === 'general') continue;
    const index = new Map<string, number>();
    const keys: string[] = [];
    const hits: number[] = [];
    const bytes: number[] = [];
    const visitors: number[] = [];
    // (row, shared visitor) → parts in which that visitor is among the row's.
    const doubles = new Map<number, number>();
    parts.forEach((part, i) => {
      const rows = !byAgent[i] ? listOf(part, name) : name === 'os' ? familiesOfAgents(part, 'os') : name === 'browsers' ? familiesOfAgents(part, 'browser') : listOf(part, name);
      const target = new Int32Array(rows.names.length);
      for (let t = 0; t < rows.names.length; t++) {
        const key = rows.names[t]!;
        let at = index.get(key);
        if (at === undefined) {
          index.set(key, (at = keys.push(key) - 1));
          hits.push(0);
          bytes.push(0);
          visitors.push(0);
        }
        target[t] = at;
      }
      const mine = shared[i]!;
      let from = 0;
      for (let r = 0; r < rows.rowOf.length; r++) {
        const at = target[rows.rowOf[r]!]!;
        hits[at]! += rows.hits[r]!;
        bytes[at]! += rows.bytes[r]!;
        const n = rows.counts[r]!;
        visitors[at]! += n;
        if (sharedCount > 0) {
          for (let k = from; k < from + n; k++) {
            const id = mine[rows.ids[k]!]!;
            if (id < 0) continue;
            const pair = at * sharedCount + id;
            doubles.set(pair, (doubles.get(pair) ?? 0) + 1);
          }
        }
        from += n;
      }
    });
    for (const [pair, times] of doubles) visitors[Math.floor(pair / sharedCount)]! -= times - 1;
    const all: PanelRow[] = keys.map((key, at) => ({ key, hits: hits[at]!, visitors: visitors[at]!, bytes: bytes[at]! }));
    distinct[name] = all.length;
    out[name] = sortRows(all, isOrderedPanel(name as PanelName), Infinity);
  }
  let valid = 0;
  let failed = 0;
  let logSize = 0;
  let sent = 0;
  let visitorTotal = -twice;
  const pairs = new Map<string, number>();
  for (const part of parts) {
    valid += part.valid;
    failed += part.failed;
    logSize += part.logSize;
    sent += part.bytes;
    visitorTotal += (part.visitors as Int32Array).length / 2;
    for (const [referrer, request, n] of part.pairs) {
      const key = `${referrer}\u0000${request}`;
      pairs.set(key, (pairs.get(key) ?? 0) + n);
    }
  }
  const general: GeneralPanel = {
    requests: valid + failed,
    valid,
    failed,
    visitors: visitorTotal,
    files: distinct.requests! + distinct.static!,
    referrers: distinct.referrerUrls!,
    notFound: distinct.notFound!,
    staticFiles: distinct.static!,
    logSize,
    bytes: sent,
  };
  return { report: { general, ...out } as PanelReport, pairs };
}
