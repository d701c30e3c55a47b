// Incremental runs (Node only): a state file keeps the panel statistics of a log, the byte offset read up to, and a
// fingerprint of the log's head so that a rotated log (a new file under the same name) is noticed.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { knownAgentClass, rememberAgentClass } from './agent.js';
import { compactPanels, expandPanels } from './compact.js';
import { panelsFromJson, type PanelStats } from './panels.js';

/** What a state file holds. */
export interface LogState {
  /** Bytes of the log counted (always just after a line end). */
  readonly offset: number;
  /** SHA-256 (hex) of the log's first `min(offset, 65536)` bytes. */
  readonly head: string;
  /** The statistics of the bytes before `offset`. */
  readonly panels: PanelStats;
}

/** Bytes of a log's head the fingerprint covers. */
const HEAD = 65536;

/** The SHA-256 (hex) of the first `length` bytes of a file (fewer when the file is shorter). */
export function headFingerprint(file: string, length: number): string {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(Math.min(length, HEAD));
    const n = readSync(fd, buf, 0, buf.length, 0);
    return createHash('sha256').update(buf.subarray(0, n)).digest('hex');
  } finally {
    closeSync(fd);
  }
}

/** The offset just after the last line end of the first `size` bytes of a file (0 when it has none). */
export function lastLineEnd(file: string, size: number): number {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(65536);
    let end = size;
    while (end > 0) {
      const start = Math.max(0, end - buf.length);
      const n = readSync(fd, buf, 0, end - start, start);
      const at = buf.subarray(0, n).lastIndexOf(10);
      if (at >= 0) return start + at + 1;
      end = start;
    }
    return 0;
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a state file; undefined when it does not exist. A damaged or foreign file throws an Error whose message
 * names the file and says what is wrong (the file is left as it is). The user agents' classes the state keeps are
 * remembered, so that counting the log's new lines does not classify those agents again.
 */
export function readState(file: string): LogState | undefined {
  if (!existsSync(file)) return undefined;
  const fail = (why: string): never => {
    throw new StateError(`state file '${file}' is not a logparse state (${why}); remove it or name another with --state`);
  };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(error instanceof SyntaxError ? 'damaged: not JSON' : String((error as Error).message));
  }
  const v = value as { kind?: unknown; version?: unknown; offset?: unknown; head?: unknown; panels?: unknown };
  if (typeof v !== 'object' || v === null || v.kind !== 'logparse-state') return fail('foreign: no kind "logparse-state"');
  // Version 1 kept the statistics as `panelsToJson` writes them; version 2 keeps them compact (compact.ts).
  if (v.version !== 1 && v.version !== 2) return fail(`version ${String(v.version)} is not 1 or 2`);
  if (!Number.isSafeInteger(v.offset) || (v.offset as number) < 0) return fail('damaged: bad offset');
  if (typeof v.head !== 'string' || !/^[0-9a-f]{64}$/.test(v.head)) return fail('damaged: bad head fingerprint');
  const agents = (v as { agents?: unknown }).agents;
  if (agents !== undefined && (!Array.isArray(agents) || !agents.every((a) => Array.isArray(a) && a.length === 3 && a.every((t) => typeof t === 'string' && t !== '')))) {
    return fail('damaged: bad agent classes');
  }
  let panels: PanelStats;
  try {
    panels = v.version === 1 ? panelsFromJson(v.panels) : expandPanels(v.panels);
  } catch (error) {
    return fail(`damaged: ${(error as Error).message}`);
  }
  // The agents' classes as the run that wrote the state found them: agents met again are not classified again.
  for (const [agent, os, browser] of (agents ?? []) as Array<[string, string, string]>) {
    rememberAgentClass(agent, { os, browser, crawler: os === 'Crawlers' && browser === 'Crawlers' });
  }
  return { offset: v.offset as number, head: v.head, panels };
}

/** `[agent, os, browser]` for each user agent of the visitors whose class is known (classifying is costly). */
function agentClasses(panels: PanelStats): Array<[string, string, string]> {
  const out: Array<[string, string, string]> = [];
  const seen = new Set<string>();
  for (const key of panels.visitorKeys.keys()) {
    // host \0 day \0 agent
    const agent = key.slice(key.indexOf('\u0000', key.indexOf('\u0000') + 1) + 1);
    if (agent === '' || seen.has(agent)) continue;
    seen.add(agent);
    const cls = knownAgentClass(agent);
    if (cls !== undefined) out.push([agent, cls.os, cls.browser]);
  }
  return out;
}

/** Writes a state file atomically (a temporary file renamed over it). */
export function writeState(file: string, state: LogState): void {
  const text = JSON.stringify({ kind: 'logparse-state', version: 2, offset: state.offset, head: state.head, panels: compactPanels(state.panels), agents: agentClasses(state.panels) });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/** A state file that cannot be used (damaged, foreign, another version). */
export class StateError extends Error {
  /** `'StateError'`. */
  override name = 'StateError';
}
