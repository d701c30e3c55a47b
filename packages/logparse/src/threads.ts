// The panels of `logparse --workers N` (Node only, internal: the CLI and its worker threads load it as dist/threads.js,
// which shares the core's chunk). A worker counts its byte range with the user agents left unclassified (the os list
// keyed by agent), and posts the statistics in compact form with their typed arrays transferred; the main thread
// classifies the agents, most of which it has met in its own range already, instead of every thread classifying them
// all again (bowser takes ~0.1 ms per agent).
import { agentClass } from './agent.js';
import type { CompiledFormat } from './format.js';
import { PackedItem, visitorList, type PanelItem, type PanelStats } from './panels.js';
import { collectPanelsWith } from './panelscan.js';
import { fileRangeChunks } from './source.js';
import type { ChunkReader } from './stats.js';

export { compactPanels, expandPanels, transferables } from './compact.js';

/** What a worker counted: the statistics, and whether their `os` list is keyed by agent (see `familiesOf`). @internal */
export interface RangePanels {
  readonly stats: PanelStats;
  readonly byAgent: boolean;
}

/**
 * The bytes of the ranges `[cuts[k], cuts[k + 1])` of a file that this thread claims, one after another: each claim
 * takes the next range not yet taken by any thread (`next[0]`, shared by all of them, counts the ranges taken). A
 * thread that starts late or runs slower (a worker's start-up, another process on its core) takes fewer. Every cut is
 * a line start, so the claimed ranges are whole lines, and the last range of the file, the only one that may end
 * without a line end, is the last one claimed. @internal
 */
export async function* claimedChunks(file: string, cuts: readonly number[], next: Int32Array): AsyncGenerator<Buffer> {
  for (;;) {
    const k = Atomics.add(next, 0, 1);
    if (k >= cuts.length - 1) return;
    yield* fileRangeChunks(file, cuts[k]!, cuts[k + 1]!);
  }
}

/**
 * Counts the ranges of a file this thread claims (see claimedChunks), leaving the user agents unclassified when
 * `byAgent` and the format allow it (formats without a request field are counted through records, whose panels come
 * classified). The bytes are counted as they are: not looked at for gzip (the CLI splits only uncompressed files). @internal
 */
export async function countClaimed(file: string, cuts: readonly number[], next: Int32Array, format: CompiledFormat, byAgent: boolean): Promise<RangePanels> {
  const unclassified = byAgent && format.fields.some((f) => f.kind === 'request');
  const reader: ChunkReader = { isSource: () => true, chunks: () => claimedChunks(file, cuts, next), name: () => file };
  const stats = await collectPanelsWith(reader, file, { format }, unclassified);
  return { stats, byAgent: unclassified };
}

/**
 * Turns statistics whose `os` list is keyed by user agent into the operating-system and browser panels (each agent
 * classified once, through the cache of classes); returns them. An agent's visitors are its own (a visitor key holds
 * its agent), so a family's visitors are its agents' visitors put together. @internal
 */
export function familiesOf(stats: PanelStats): PanelStats {
  const byAgent = [...stats.lists.os];
  stats.lists.os.clear();
  stats.lists.browsers.clear();
  const groups = (pick: 'os' | 'browser'): Map<string, PanelItem[]> => {
    const out = new Map<string, PanelItem[]>();
    for (const [agent, item] of byAgent) {
      const name = agentClass(agent === '' ? null : agent)[pick];
      const list = out.get(name);
      if (list === undefined) out.set(name, [item]);
      else list.push(item);
    }
    return out;
  };
  const fill = (into: Map<string, PanelItem>, from: Map<string, PanelItem[]>): void => {
    for (const [name, items] of from) {
      let hits = 0;
      let bytes = 0;
      let n = 0;
      for (const item of items) {
        hits += item.hits;
        bytes += item.bytes;
        n += visitorList(item).length;
      }
      const ids = new Int32Array(n);
      let at = 0;
      for (const item of items) {
        const list = visitorList(item);
        for (let k = 0; k < list.length; k++) ids[at++] = list[k]!;
      }
      into.set(name, new PackedItem(hits, bytes, ids.sort()));
    }
  };
  fill(stats.lists.os, groups('os'));
  fill(stats.lists.browsers, groups('browser'));
  return stats;
}
