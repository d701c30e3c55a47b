// Double-dummy tables: for each declarer and strain, how many tricks the declaring side takes when all four hands play
// perfectly and the declarer's left-hand opponent leads.
import type { Deal } from '../numbering/deal.js';
import { describeValue } from '../errors.js';
import { clock, engineFor, type SearchEngine } from './engine.js';
import { advance, cardText, handsOf, playOut, seatOf, strainOf, type CardText, type PlayState } from './position.js';
import { popcnt32 } from './portable.js';

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
/** Bytes of one bucket of the transposition table (search.ts: BUCKET entries of ENTRY 32-bit integers and a tag each). */
const BUCKET_BYTES = 64 * (11 + 1) * 4;

/** Checks a double-dummy call's options, throwing a RangeError/TypeError that names a bad one. @internal */
export function checkOptions(options: DoubleDummyOptions | undefined): Required<Pick<DoubleDummyOptions, 'maxMemory'>> & DoubleDummyOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new TypeError(`options must be an object; got ${describeValue(options)}`);
  }
  const { signal, timeout, maxMemory = DEFAULT_MEMORY, engine: kind } = options ?? {};
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
  return { ...options, maxMemory };
}

/** Checks the options and turns them into the engine and the stop conditions. @internal */
export function prepare(options: DoubleDummyOptions | undefined, what: string): { engine: SearchEngine; check: () => void; arm: () => void; nodes: () => number } {
  const { signal, timeout, maxMemory, engine: kind } = checkOptions(options);
  // BUCKET_BYTES a bucket; the largest power of two that fits, at most 2^18 buckets (768 MiB, within WebAssembly's 4 GiB).
  const log2 = Math.max(0, Math.min(18, Math.floor(Math.log2(maxMemory / BUCKET_BYTES))));
  const engine = engineFor(log2, kind);
  const first = engine.nodeCount();
  const until = timeout === undefined ? 0 : performance.now() + timeout;
  const reason = (): 'aborted' | 'timeout' | undefined =>
    signal?.aborted ? 'aborted' : until > 0 && performance.now() >= until ? 'timeout' : undefined;
  return {
    engine,
    nodes: () => engine.nodeCount() - first,
    arm() {
      // Each call starts from an empty transposition table: its time and memory do not depend on the calls before.
      engine.clearTable();
      // The search reads the clock every few thousand positions: an aborted signal reads as the end of time.
      clock.now = signal === undefined ? () => performance.now() : () => (signal.aborted ? Infinity : performance.now());
      engine.setLimits(0, until);
    },
    check() {
      const why = reason();
      if (why !== undefined) throw new DoubleDummyStopped(why, what, undefined, 0);
    },
  };
}

/** Puts a position's hands and trick in progress into the engine. @internal */
export function load(engine: SearchEngine, masks: Int32Array, strain: number, inTrick?: Int32Array): void {
  for (let k = 0; k < 16; k++) engine.setHand(k >> 2, k & 3, masks[k]!);
  for (let suit = 0; suit < 4; suit++) engine.setTrick(suit, inTrick === undefined ? 0 : inTrick[suit]!);
  engine.setTrump(strain);
}

/**
 * A first guess at North-South's tricks in a strain, where the search starts: their share of the high-card points
 * still out, and half a trick for each trump they hold beyond East-West. A closer guess saves whole searches. @internal
 */
export function firstGuess(masks: Int32Array, strain: number, size: number): number {
  let ours = 0;
  let all = 0;
  for (let k = 0; k < 16; k++) {
    const points = ((masks[k]! >> 9) & 1) + 2 * ((masks[k]! >> 10) & 1) + 3 * ((masks[k]! >> 11) & 1) + 4 * ((masks[k]! >> 12) & 1);
    all += points;
    if (((k >> 2) & 1) === 0) ours += points;
  }
  let fit = 0;
  if (strain < 4) for (let seat = 0; seat < 4; seat++) fit += (seat & 1 ? -1 : 1) * popcnt32(masks[seat * 4 + strain]!);
  const guess = Math.round((all === 0 ? size / 2 : (size * ours) / all) + fit / 2);
  return guess < 0 ? 0 : guess > size ? size : guess;
}

/** The order a strain's four leaders are solved in: North, South, East, West. */
const LEADER_ORDER: readonly number[] = [0, 2, 1, 3];

/** North-South's tricks of the hands loaded, `leader` on lead in `strain`, `size` cards a hand; -1 when stopped. @internal */
export function solveLead(engine: SearchEngine, strain: number, leader: number, size: number, guess: number): number {
  engine.setTrump(strain);
  return engine.solve(0, leader, size, 0, 0, 0, 0, size, guess);
}

/**
 * The double-dummy table of a deal (or of an ending whose hands hold fewer cards): for each declarer (N, E, S, W) and
 * strain (C, D, H, S, NT), the tricks the declaring side takes against the best defence, the declarer's left-hand
 * opponent leading.
 */
export function doubleDummyTable(deal: Deal | string, options?: DoubleDummyOptions): DoubleDummyTable {
  const { masks, size } = handsOf(deal);
  const run = prepare(options, 'while making a table');
  run.check();
  const table = {} as DoubleDummyTable;
  // Keys in the order tables print them: clubs up to notrump.
  for (const seat of DD_SEATS) table[seat] = { C: 0, D: 0, H: 0, S: 0, NT: 0 };
  const { engine } = run;
  run.arm();
  load(engine, masks, 4);
  const done = new Set<string>();
  for (const strain of ['S', 'H', 'D', 'C', 'NT'] as const) {
    let guess = firstGuess(masks, STRAIN_CODE[strain], size);
    // Partners lead one after the other: the table their searches leave serves the other more (fewer positions).
    for (const leader of LEADER_ORDER) {
      const ns = solveLead(engine, STRAIN_CODE[strain], leader, size, guess);
      if (ns < 0) throw new DoubleDummyStopped(reasonAfterStop(options), 'while making a table', finishedCells(table, done), run.nodes());
      done.add(`${DD_SEATS[(leader + 3) & 3]}${strain}`);
      guess = ns;
      const declarer = DD_SEATS[(leader + 3) & 3]!;
      table[declarer][strain] = (leader & 1) === 1 ? ns : size - ns;
    }
  }
  return table;
}

/** Tricks the declaring side takes in one strain against the best defence, the declarer's left-hand opponent leading. */
export function doubleDummyTricks(deal: Deal | string, strain: Strain, declarer: DdSeat, options?: DoubleDummyOptions): number {
  const { masks, size } = handsOf(deal);
  const code = strainOf(strain);
  const seat = seatOf(declarer, 'declarer');
  const run = prepare(options, 'while solving one strain');
  run.check();
  run.arm();
  load(run.engine, masks, code);
  const leader = (seat + 1) & 3;
  const ns = solveLead(run.engine, code, leader, size, firstGuess(masks, code, size));
  if (ns < 0) throw new DoubleDummyStopped(reasonAfterStop(options), 'while solving one strain', undefined, run.nodes());
  return (seat & 1) === 0 ? ns : size - ns;
}

/** A card the seat to play may play, and what it is worth. */
export interface CardValue {
  /** The card, suit letter then rank ('SA'). */
  card: CardText;
  /** Tricks the side to play takes from here on (the trick in progress included) after playing it. */
  tricks: number;
  /** Lower cards of the same hand that are equal to it now (no card held by another hand between them). */
  equals: CardText[];
}

/** The value of each card the seat to play may play, in the middle of play. */
export interface PlayValues {
  /** The seat to play. */
  seat: DdSeat;
  /** The trick in progress, 1 for the opening lead. */
  trick: number;
  /** Tricks each side has won so far. */
  won: { NS: number; EW: number };
  /** The cards the seat to play may play, best first; equal cards as one entry. Empty once every trick is played. */
  plays: CardValue[];
}

/** What to analyse in the middle of play: the strain, the opening leader and the cards played since, in order. */
export interface PlayOptions extends DoubleDummyOptions {
  /** The strain of the contract. */
  strain: Strain;
  /** The seat of the opening lead (the declarer's left-hand opponent). */
  leader: DdSeat;
  /** The cards played so far, in order ('SA', 'S2', …), each checked: held by the seat to play, following suit if it can. */
  played?: readonly CardText[];
}

/** The double-dummy value of each card the seat to play may play, after the cards already played (as DDS's SolveBoard). */
export function doubleDummyPlays(deal: Deal | string, options: PlayOptions): PlayValues {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`options must be an object with strain and leader; got ${describeValue(options)}`);
  }
  const hands = handsOf(deal);
  const state = playOut(hands, options.strain, options.leader, options.played ?? []);
  const run = prepare(options, 'while valuing the cards');
  run.check();
  run.arm();
  const { engine } = run;
  const seat = state.seat;
  const side = seat & 1;
  const result: PlayValues = {
    seat: DD_SEATS[seat]!,
    trick: hands.size - state.left + 1,
    won: { NS: state.won[0], EW: state.won[1] },
    plays: [],
  };
  if (state.left === 0) return result;
  const following = state.position > 0 && state.masks[seat * 4 + state.leadSuit]! !== 0;
  let guess = (state.left + 1) >> 1;
  for (let suit = 0; suit < 4; suit++) {
    if (following && suit !== state.leadSuit) continue;
    let mine = state.masks[seat * 4 + suit]!;
    const present =
      state.masks[suit]! | state.masks[4 + suit]! | state.masks[8 + suit]! | state.masks[12 + suit]! | state.inTrick[suit]!;
    const others = present & ~mine;
    while (mine !== 0) {
      const top = 31 - Math.clz32(mine);
      const below = others & ((1 << top) - 1);
      const group = mine & ~((1 << (32 - Math.clz32(below))) - 1);
      mine &= ~group;
      const next: PlayState = { ...state, masks: Int32Array.from(state.masks), inTrick: Int32Array.from(state.inTrick), won: [state.won[0], state.won[1]] };
      advance(next, (suit << 4) | top);
      let ns = 0;
      if (next.left > 0) {
        load(engine, next.masks, next.strain, next.inTrick);
        ns = engine.solve(next.position, next.seat, next.left, next.leadSuit, next.winSeat, next.winCard, 0, next.left, guess);
        if (ns < 0) throw new DoubleDummyStopped(reasonAfterStop(options), 'while valuing the cards', result, run.nodes());
        guess = ns;
      }
      const nsFromHere = ns + next.won[0] - state.won[0];
      const equals: CardText[] = [];
      for (let rank = top - 1; rank >= 0; rank--) if ((group >> rank) & 1) equals.push(cardText(suit, rank));
      result.plays.push({ card: cardText(suit, top), tricks: side === 0 ? nsFromHere : state.left - nsFromHere, equals });
    }
  }
  result.plays.sort((a, b) => b.tricks - a.tricks);
  return result;
}

/** The cells of a table that were finished (the others left out). */
function finishedCells(table: DoubleDummyTable, done: Set<string>): Partial<Record<DdSeat, Partial<Record<Strain, number>>>> {
  const partial: Partial<Record<DdSeat, Partial<Record<Strain, number>>>> = {};
  for (const seat of DD_SEATS) {
    partial[seat] = {};
    for (const strain of STRAINS) if (done.has(`${seat}${strain}`)) partial[seat][strain] = table[seat][strain];
  }
  return partial;
}

/** Why a search stopped: the signal if it is aborted, else the timeout. @internal */
export function reasonAfterStop(options: DoubleDummyOptions | undefined): 'aborted' | 'timeout' {
  return options?.signal?.aborted ? 'aborted' : 'timeout';
}
