// Double-dummy tables: for each declarer and strain, how many tricks the declaring side takes when all four hands play
// perfectly and the declarer's left-hand opponent leads.
import { Deal } from '../numbering/deal.js';
import { parsePbn } from '../numbering/pbn.js';
import { describeValue } from '../errors.js';
import { clock, engineFor, type SearchEngine } from './engine.js';

/** A strain: a trump suit (clubs, diamonds, hearts, spades) or notrump. */
export type Strain = 'C' | 'D' | 'H' | 'S' | 'NT';
/** A seat at the table. */
export type DdSeat = 'N' | 'E' | 'S' | 'W';

/** Tricks taken by each declarer's side in each strain: `table.N.NT` is North-South's tricks with North in notrump. */
export type DoubleDummyTable = Record<DdSeat, Record<Strain, number>>;

/** Limits and engine choice for a double-dummy call. */
export interface DoubleDummyOptions {
  /** Stop (throwing a DoubleDummyStopped) once this signal is aborted; checked every few thousand positions. */
  signal?: AbortSignal;
  /** Stop after this many milliseconds. */
  timeout?: number;
  /** Bytes for the transposition table (default 32 MiB, at least 64 KiB); the search's memory stays within it. */
  maxMemory?: number;
  /** 'wasm' (the default where WebAssembly is allowed) or 'js', the same search in plain JavaScript. */
  engine?: 'wasm' | 'js';
}

/** Thrown when a double-dummy call stops at its signal or timeout; says what was finished. */
export class DoubleDummyStopped extends Error {
  /** 'aborted' or 'timeout'. */
  readonly reason: 'aborted' | 'timeout';
  /** The results finished before the stop (table cells, plays or deals, as the call makes them). */
  readonly partial: unknown;
  /** Positions searched before the stop. */
  readonly nodes: number;

  /** @internal */
  constructor(reason: 'aborted' | 'timeout', what: string, partial: unknown, nodes: number) {
    super(`double-dummy analysis stopped (${reason === 'aborted' ? 'aborted' : 'timed out'}) ${what}`);
    this.name = 'DoubleDummyStopped';
    this.reason = reason;
    this.partial = partial;
    this.nodes = nodes;
  }
}

/** The seats in order (North 0), the strains in the order tables print them. @internal */
export const DD_SEATS: readonly DdSeat[] = ['N', 'E', 'S', 'W'];
/** The strains, clubs first. */
export const STRAINS: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];
/** The search's number for each strain (spades 0 … clubs 3, notrump 4). @internal */
export const STRAIN_CODE: Readonly<Record<Strain, number>> = { S: 0, H: 1, D: 2, C: 3, NT: 4 };

const DEFAULT_MEMORY = 32 * 1024 * 1024;

/** The deal a double-dummy call takes: a Deal of bridge, or a PBN deal string. @internal */
export function bridgeDealOf(deal: unknown): Deal {
  if (typeof deal === 'string') return parsePbn(deal);
  if (deal instanceof Deal && deal.signature.bridge) return deal;
  throw new TypeError(`deal must be a bridge Deal or a PBN deal string ("N:AKQ.… … … …"); got ${describeValue(deal)}`);
}

/** The 16 suit masks (seat * 4 + suit, bit 12 the ace) of a bridge deal. @internal */
export function masksOf(deal: Deal): Int32Array {
  const masks = new Int32Array(16);
  const holders = deal.holders;
  for (let card = 0; card < 52; card++) {
    const suit = (card / 13) | 0;
    masks[holders[card]! * 4 + suit]! |= 1 << (12 - (card % 13));
  }
  return masks;
}

/** Checks the options and turns them into the engine and the stop conditions. @internal */
export function prepare(options: DoubleDummyOptions | undefined, what: string): { engine: SearchEngine; check: () => void; arm: () => void } {
  const { signal, timeout, maxMemory = DEFAULT_MEMORY, engine: kind } = options ?? {};
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new TypeError(`options must be an object; got ${describeValue(options)}`);
  }
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0)) {
    throw new RangeError(`timeout must be a positive number of milliseconds; got ${describeValue(timeout)}`);
  }
  if (!(typeof maxMemory === 'number' && Number.isFinite(maxMemory) && maxMemory >= 65536)) {
    throw new RangeError(`maxMemory must be a number of bytes of at least 65536; got ${describeValue(maxMemory)}`);
  }
  if (kind !== undefined && kind !== 'wasm' && kind !== 'js') {
    throw new RangeError(`engine must be 'wasm' or 'js'; got ${describeValue(kind)}`);
  }
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && 'aborted' in signal)) {
    throw new TypeError(`signal must be an AbortSignal; got ${describeValue(signal)}`);
  }
  // 128 bytes a bucket of four positions; the largest power of two that fits, at most 2^24 buckets (2 GiB).
  const log2 = Math.min(24, Math.floor(Math.log2(maxMemory / 128)));
  const engine = engineFor(log2, kind);
  const until = timeout === undefined ? 0 : performance.now() + timeout;
  const reason = (): 'aborted' | 'timeout' | undefined =>
    signal?.aborted ? 'aborted' : until > 0 && performance.now() >= until ? 'timeout' : undefined;
  return {
    engine,
    arm() {
      clock.stop = false;
      // The search reads the clock every few thousand positions: an aborted signal reads as the end of time.
      clock.now = signal === undefined ? () => performance.now() : () => (signal.aborted ? Infinity : performance.now());
      engine.setLimits(0, until);
    },
    check() {
      const why = reason();
      if (why !== undefined) throw new DoubleDummyStopped(why, what, undefined, engine.nodeCount());
    },
  };
}

/** Solves one strain and leader from the full deal loaded in the engine: North-South's tricks, or -1 when stopped. @internal */
export function solveLead(engine: SearchEngine, strain: number, leader: number, guess: number): number {
  engine.setTrump(strain);
  for (let suit = 0; suit < 4; suit++) engine.setTrick(suit, 0);
  return engine.solve(0, leader, 13, 0, 0, 0, 0, 13, guess);
}

/** Puts a deal's hands into the engine. @internal */
export function load(engine: SearchEngine, masks: Int32Array): void {
  for (let k = 0; k < 16; k++) engine.setHand(k >> 2, k & 3, masks[k]!);
}

/**
 * The double-dummy table of a deal: for each declarer (N, E, S, W) and strain (C, D, H, S, NT), the tricks the
 * declaring side takes against the best defence, the declarer's left-hand opponent leading.
 */
export function doubleDummyTable(deal: Deal | string, options?: DoubleDummyOptions): DoubleDummyTable {
  const masks = masksOf(bridgeDealOf(deal));
  const run = prepare(options, 'while making a table');
  run.check();
  const table = {} as DoubleDummyTable;
  for (const seat of DD_SEATS) table[seat] = {} as Record<Strain, number>;
  const { engine } = run;
  run.arm();
  load(engine, masks);
  for (const strain of ['S', 'H', 'D', 'C', 'NT'] as const) {
    let guess = 7;
    for (let leader = 0; leader < 4; leader++) {
      const ns = solveLead(engine, STRAIN_CODE[strain], leader, guess);
      if (ns < 0) {
        const stopped = new DoubleDummyStopped(
          reasonAfterStop(options),
          'while making a table',
          table,
          engine.nodeCount(),
        );
        throw stopped;
      }
      guess = ns;
      const declarer = DD_SEATS[(leader + 3) & 3]!;
      table[declarer][strain] = (leader & 1) === 1 ? ns : 13 - ns;
    }
  }
  return table;
}

/** Why a search stopped: the signal if it is aborted, else the timeout. @internal */
export function reasonAfterStop(options: DoubleDummyOptions | undefined): 'aborted' | 'timeout' {
  return options?.signal?.aborted ? 'aborted' : 'timeout';
}
