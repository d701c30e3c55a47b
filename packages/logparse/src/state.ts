// State files (Node only): the panel statistics of a log day by day and its log format, with the byte offset read up
// to and a fingerprint of the log's head (so that a rotated log, a new file under the same name, is noticed) for
// incremental runs; a merge of states (other servers, other days) keeps no offset.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { knownAgentClass, rememberAgentClass } from './agent.js';
import { compactPanels, expandPanels } from './compact.js';
import { isDay, type DayPanels } from './days.js';
import { describeValue } from './errors.js';

/** What a state file holds: the statistics of each day, the log format, and (for the state of one log) where it was read up to. */
export interface LogState {
  /** The log format the statistics were counted with (`CompiledFormat.name`: `combined`, `common` or a format string). */
  readonly format: string;
  /** Bytes of the log counted (always just after a line end); absent in a merge of states. */
  readonly offset?: number;
  /** SHA-256 (hex) of the log's first `min(offset, 65536)` bytes; absent in a merge of states. */
  readonly head?: string;
  /** The statistics by day (`-`: what has no day). */
  readonly days: DayPanels;
}

/** The layout of state files this version reads and writes. */
export const STATE_VERSION = 3;

/** Bytes of a log's head the fingerprint covers. */
const HEAD = 65536;

/**
 * The largest state file read, in bytes (256 MiB): far beyond what a state needs (it grows with the distinct
 * visitors, requests and referrers of a log, not with its lines), and below the longest string V8 makes (~512 MB),
 * so that a huge file is refused by its size instead of failing (or exhausting memory) halfway through reading it.
 */
export const MAX_STATE_BYTES = 256 * 1024 * 1024;

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

/** True when `offset` is a line start of a file: 0, or an offset whose previous byte is a line end (`\n`). */
export function isLineStart(file: string, offset: number): boolean {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`offset must be a non-negative integer; got ${describeValue(offset)}`);
  if (offset === 0) return true;
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(1);
    return readSync(fd, buf, 0, 1, offset - 1) === 1 && buf[0] === 10;
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
 * Reads a state file; undefined when it does not exist. A damaged or foreign file, or one of another layout, throws a
 * StateError whose message names the file and says what is wrong (the file is left as it is). The user agents'
 * classes the state keeps are remembered, so that counting the log's new lines does not classify those agents again.
 */
export function readState(file: string): LogState | undefined {
  const fail = (why: string): never => {
    throw new StateError(`state file ${describeValue(file)} is not a logparse state (${why}); remove it or name another`);
  };
  const text = readStateText(file);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail(error instanceof SyntaxError ? 'damaged or cut short: not JSON' : String((error as Error).message));
  }
  const v = value as { kind?: unknown; version?: unknown; format?: unknown; offset?: unknown; head?: unknown; days?: unknown };
  if (typeof v !== 'object' || v === null || v.kind !== 'logparse-state') return fail('foreign: no kind "logparse-state"');
  if (v.version !== STATE_VERSION) {
    throw new StateError(
      `state file ${describeValue(file)} has layout ${describeValue(v.version)}, written by another version of logparse; this one reads layout ${STATE_VERSION} (with the days apart): count the log again into a new state file`,
    );
  }
  if (typeof v.format !== 'string' || v.format === '') return fail('damaged: no log format');
  const local = v.offset !== undefined || v.head !== undefined;
  if (local && (!Number.isSafeInteger(v.offset) || (v.offset as number) < 0)) return fail('damaged: bad offset');
  if (local && (typeof v.head !== 'string' || !/^[0-9a-f]{64}$/.test(v.head))) return fail('damaged: bad head fingerprint');
  const agents = (v as { agents?: unknown }).agents;
  if (agents !== undefined && (!Array.isArray(agents) || !agents.every((a) => Array.isArray(a) && a.length === 3 && a.every((t) => typeof t === 'string' && t !== '')))) {
    return fail('damaged: bad agent classes');
  }
  if (!Array.isArray(v.days)) return fail('damaged: no days');
  const days: DayPanels = new Map();
  for (const entry of v.days as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || (entry[0] !== '-' && !isDay(entry[0]))) return fail('damaged: a day is not YYYY-MM-DD');
    if (days.has(entry[0])) return fail(`damaged: day ${entry[0]} twice`);
    try {
      days.set(entry[0], expandPanels(entry[1]));
    } catch (error) {
      return fail(`damaged: ${(error as Error).message}`);
    }
  }
  // The agents' classes as the run that wrote the state found them: agents met again are not classified again.
  for (const [agent, os, browser] of (agents ?? []) as Array<[string, string, string]>) {
    rememberAgentClass(agent, { os, browser, crawler: os === 'Crawlers' && browser === 'Crawlers' });
  }
  return local ? { format: v.format, offset: v.offset as number, head: v.head as string, days } : { format: v.format, days };
}

/**
 * The text of a state file; undefined when it does not exist. Anything but a regular file (a device such as
 * /dev/zero, a FIFO, a directory) and a file over MAX_STATE_BYTES is a StateError before a byte is read.
 */
function readStateText(file: string): string | undefined {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below without being read).
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new StateError(`cannot read the state file ${describeValue(file)}: ${code ?? (error as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      throw new StateError(`state file ${describeValue(file)} is ${kindOf(stat)}, not a regular file; name a file with --state`);
    }
    if (stat.size > MAX_STATE_BYTES) {
      throw new StateError(`state file ${describeValue(file)} has ${stat.size} bytes, more than a logparse state can have (at most ${MAX_STATE_BYTES}); remove it or name another with --state`);
    }
    // Exactly the size found (a file that grows meanwhile is read no further: its end is then not JSON).
    const buf = Buffer.allocUnsafe(stat.size);
    let at = 0;
    while (at < buf.length) {
      const n = readSync(fd, buf, at, buf.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return buf.toString('utf8', 0, at);
  } catch (error) {
    if (error instanceof StateError) throw error;
    throw new StateError(`cannot read the state file ${describeValue(file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  } finally {
    closeSync(fd);
  }
}

/** What a file that is not a regular file is, in words. */
function kindOf(stat: { isDirectory(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** `[agent, os, browser]` for each user agent of the visitors whose class is known (classifying is costly). */
function agentClasses(days: DayPanels): Array<[string, string, string]> {
  const out: Array<[string, string, string]> = [];
  const seen = new Set<string>();
  for (const panels of days.values()) {
    for (const key of panels.visitorKeys.keys()) {
      // host \0 day \0 agent
      const agent = key.slice(key.indexOf('\u0000', key.indexOf('\u0000') + 1) + 1);
      if (agent === '' || seen.has(agent)) continue;
      seen.add(agent);
      const cls = knownAgentClass(agent);
      if (cls !== undefined) out.push([agent, cls.os, cls.browser]);
    }
  }
  return out;
}

/**
 * Writes a state file atomically (a temporary file beside it, renamed over it). A path that is there but is not a
 * regular file (a device such as /dev/full, a FIFO, a directory) is a StateError, and nothing is written; a failed
 * write leaves no temporary file behind.
 */
export function writeState(file: string, state: LogState): void {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    stat = undefined; // not there yet (or not reachable: the write below says why)
  }
  if (stat !== undefined && !stat.isFile()) {
    throw new StateError(`state file ${describeValue(file)} is ${kindOf(stat)}, not a regular file; name a file with --state`);
  }
  if (typeof state !== 'object' || state === null || !(state.days instanceof Map) || typeof state.format !== 'string') {
    throw new TypeError(`writeState takes { format, offset?, head?, days }; got ${describeValue(state)}`);
  }
  const days = [...state.days].map(([day, panels]) => [day, compactPanels(panels)]);
  const where = state.offset === undefined ? {} : { offset: state.offset, head: state.head };
  const text = JSON.stringify({ kind: 'logparse-state', version: STATE_VERSION, format: state.format, ...where, days, agents: agentClasses(state.days) });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** A state file that cannot be used (damaged, foreign, another version). */
export class StateError extends Error {
  /** `'StateError'`. */
  override name = 'StateError';
}
