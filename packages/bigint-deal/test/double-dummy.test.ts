// The double-dummy solver against a plain minimax over every legal card (test/double-dummy-reference.ts) on small
// endings, with both builds of the search; the symmetries every table has (rotation, both sides adding up); the
// one-strain, middle-of-play and many-tables entry points against the table; bad input; and stopping, on a clock made
// to run fast so that no verdict depends on the machine's speed.
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDeal, parsePbn } from '../src/index.js';
import {
  DoubleDummyStopped,
  STRAINS,
  doubleDummyPlays,
  doubleDummyTable,
  doubleDummyTricks,
  type DdSeat,
  type DoubleDummyTable,
  type PlayValues,
  type Strain,
} from '../src/double-dummy/index.js';
import { engineFor } from '../src/double-dummy/engine.js';
import { handsOf } from '../src/double-dummy/position.js';
import { load, solveLead } from '../src/double-dummy/table.js';
import {
  ALL_CARDS,
  SEAT_LETTERS,
  cardValues,
  legalCards,
  lowerEquals,
  nsTricks,
  pbnOf,
  play,
  referenceTable,
  start,
  tricksLeft,
  type RefPosition,
} from './double-dummy-reference.js';
import { expectError, fuzzText, onlyOurErrors, prop } from './reference.js';

type Api = typeof import('../src/double-dummy/index.js');
const SEATS: DdSeat[] = ['N', 'E', 'S', 'W'];
const ENGINES = ['wasm', 'js'] as const;
/** The search's strain codes (0 spades … 3 clubs, 4 notrump) by the reference's names. */
const STRAIN_NAMES_BY_CODE = ['S', 'H', 'D', 'C', 'NT'] as const;
const runs = (ci: number, local: number) => ({ numRuns: process.env.CI ? ci : local });

/** The built subpath (doubleDummyTables starts its workers from dist/dd-worker.js beside it). */
let built: Api;
/** The built main entry, whose Deal class the built subpath shares. */
let builtMain: typeof import('../src/index.js');
beforeAll(async () => {
  built = (await import(new URL('../dist/double-dummy.js', import.meta.url).href)) as Api;
  builtMain = (await import(new URL('../dist/index.js', import.meta.url).href)) as typeof import('../src/index.js');
});

/**
 * Endings of 1 to 4 cards a hand: distinct cards from a random set of suits (few suits make seats follow suit and
 * fight for each trick), dealt in turn to North, East, South and West.
 */
const ending: fc.Arbitrary<string[][]> = fc.integer({ min: 1, max: 4 }).chain((size) =>
  fc.subarray([...'SHDC'], { minLength: size === 4 ? 2 : 1 }).chain((suits) =>
    fc
      .shuffledSubarray(
        ALL_CARDS.filter((card) => suits.includes(card[0]!)),
        { minLength: 4 * size, maxLength: 4 * size },
      )
      .map((cards) => SEATS.map((_, seat) => cards.slice(seat * size, (seat + 1) * size))),
  ),
);

/** The hands one seat round the table: North's cards to East, East's to South, South's to West, West's to North. */
const rotateHands = (hands: readonly string[][]): string[][] => SEATS.map((_, seat) => hands[(seat + 3) % 4]!);
/** The table of the rotated deal: what North made as declarer, East makes. */
function rotateTable(table: DoubleDummyTable): DoubleDummyTable {
  const turned = {} as DoubleDummyTable;
  SEATS.forEach((seat, k) => (turned[SEATS[(k + 1) % 4]!] = { ...table[seat] }));
  return turned;
}

/** Checks doubleDummyPlays' answer against the reference's value of every legal card in the same position. */
function expectPlaysMatch(result: PlayValues, position: RefPosition, size: number): void {
  expect(result.seat).toBe(SEAT_LETTERS[position.seat]);
  expect(result.trick).toBe(size - tricksLeft(position) + 1);
  expect(result.won).toEqual({ NS: position.won[0], EW: position.won[1] });
  const values = cardValues(position);
  // Every legal card exactly once, as an entry or as one of an entry's equals.
  const covered = result.plays.flatMap((entry) => [entry.card, ...entry.equals]).sort();
  expect(covered).toEqual([...values.keys()].sort());
  for (const entry of result.plays) {
    expect(entry.equals, entry.card).toEqual(lowerEquals(position, entry.card));
    for (const card of [entry.card, ...entry.equals]) expect(values.get(card), card).toBe(entry.tricks);
  }
  // Best first.
  const tricks = result.plays.map((entry) => entry.tricks);
  expect(tricks).toEqual([...tricks].sort((a, b) => b - a));
}

/** Runs `fn` with performance.now() running 10 s ahead at every reading, and gives the real clock back. */
function onFastClock<T>(fn: () => T): T {
  let now = performance.now();
  const spy = vi.spyOn(performance, 'now').mockImplementation(() => (now += 10_000));
  try {
    return fn();
  } finally {
    spy.mockRestore();
  }
}

/** The error `fn` throws (failing if it returns). */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/**
 * Easy full deals (long solid suits): each table is quick to solve. The last two are not the same seen from the
 * other side of the table (North's and South's rows differ), so a rotation the wrong way round shows.
 */
const FULL_DEALS = [
  'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432',
  'N:AKQJT98.AKQ.32.2 765.JT9.AKQJ.AKQ 432.8765.T98.JT9 .432.7654.876543',
  'N:AKQJT98765432... ...AKQJT98765432 .AKQJT98.765432. .765432.AKQJT98.',
  'N:AKQJT9.AKQJT.A.A 8765.98.KQJT.KQJ 432.765.98765.T9 .432.432.8765432',
];
/** A two-card ending in which every declarer takes one trick in every strain. */
const EVEN_ENDING = 'N:A.3.. 3.A.. K.2.. 2.K..';

describe('double-dummy tables against a plain minimax', () => {
  it("the 'wasm' engine is WebAssembly here, so both builds are tested", () => {
    expect(engineFor(14, 'wasm').kind).toBe('wasm');
    expect(engineFor(14, 'js').kind).toBe('js');
  });

  prop([ending], runs(150, 40))('every strain and declarer, with both engines', (hands) => {
    const text = pbnOf(hands);
    const expected = referenceTable(hands);
    for (const engine of ENGINES) expect(doubleDummyTable(text, { engine }), `${engine} ${text}`).toEqual(expected);
  });

  it('a deal of four solid suits, worked out by hand', () => {
    // North holds the spades, East the hearts, South the diamonds, West the clubs: the side whose trumps or suit get
    // the lead takes everything.
    const table = doubleDummyTable(parsePbn(FULL_DEALS[0]!));
    expect(table).toEqual({
      N: { C: 0, D: 13, H: 0, S: 13, NT: 0 },
      E: { C: 13, D: 0, H: 13, S: 0, NT: 0 },
      S: { C: 0, D: 13, H: 0, S: 13, NT: 0 },
      W: { C: 13, D: 0, H: 13, S: 0, NT: 0 },
    });
  });

  const playCase = fc.record({
    hands: ending,
    strain: fc.constantFrom(...STRAINS),
    leader: fc.constantFrom(...SEATS),
    choices: fc.array(fc.nat(), { maxLength: 16 }),
  });

  prop([playCase], runs(150, 40))(
    'doubleDummyPlays values every legal card as the minimax does, at the opening lead and after legal plays',
    ({ hands, strain, leader, choices }) => {
      const text = pbnOf(hands);
      const size = hands[0]!.length;
      let position = start(hands, strain, SEATS.indexOf(leader));
      for (const engine of ENGINES) expectPlaysMatch(doubleDummyPlays(text, { strain, leader, engine }), position, size);
      const played: string[] = [];
      for (const choice of choices) {
        const legal = legalCards(position);
        if (legal.length === 0) break;
        const card = legal[choice % legal.length]!;
        played.push(card);
        position = play(position, card);
      }
      for (const engine of ENGINES) expectPlaysMatch(doubleDummyPlays(text, { strain, leader, played, engine }), position, size);
    },
  );

  it('after the last trick there is nothing left to play', () => {
    const result = doubleDummyPlays(EVEN_ENDING, { strain: 'NT', leader: 'N', played: ['SA', 'S3', 'SK', 'S2', 'H3', 'HA', 'H2', 'HK'] });
    expect(result).toEqual({ seat: 'E', trick: 3, won: { NS: 1, EW: 1 }, plays: [] });
  });

  it('equal cards: a card in the trick in progress still separates them, a card of an earlier trick does not', () => {
    const hands = [['S6', 'H3', 'H2'], ['S7', 'S5', 'S4'], ['HA', 'HK', 'HQ'], ['HJ', 'HT', 'H9']];
    const text = pbnOf(hands);
    const entries = (result: PlayValues) => result.plays.map((entry) => [entry.card, ...entry.equals].join(' ')).sort();
    // North leads the S6: it lies between East's S7 and S5.
    const led = doubleDummyPlays(text, { strain: 'NT', leader: 'N', played: ['S6'] });
    expect(entries(led)).toEqual(['S5 S4', 'S7']);
    expectPlaysMatch(led, play(start(hands, 'NT', 0), 'S6'), 3);
    // North wins the S6 and leads a heart: East discards, and with the S6 gone the S7 and S5 are equal.
    const played = ['S6', 'S4', 'HQ', 'H9', 'H2'];
    const later = doubleDummyPlays(text, { strain: 'NT', leader: 'N', played });
    expect(entries(later)).toEqual(['S7 S5']);
    expectPlaysMatch(later, played.reduce(play, start(hands, 'NT', 0)), 3);
  });
});

describe('the transposition table serves other positions only where its bound holds', () => {
  /** North-South's tricks of each ending in turn, on one engine whose table is not emptied between them. */
  function sharedTable(kind: 'wasm' | 'js', endings: readonly (readonly string[])[][], strain: number, leader: number): number[] {
    const engine = engineFor(12, kind);
    engine.clearTable();
    return endings.map((hands) => {
      const { masks, size } = handsOf(pbnOf(hands));
      load(engine, masks, strain);
      return solveLead(engine, strain, leader, size, (size + 1) >> 1);
    });
  }

  it("a winning card's equals count: East's KJ of diamonds are equal, its K3 are not", () => {
    // With KJ East takes the second diamond and must then lead into North's hearts: South leading, North-South take 2.
    // With K3 West takes it and cashes a spade: 1. Found beside DDS 2.9.1 (an entry made for the first hands once
    // answered 2 for the second, when the search played the J for both equal cards and the K's win recorded the K alone).
    const first = [['S3', 'HT', 'H9'], ['H6', 'DK', 'DJ'], ['DA', 'D7', 'D4'], ['S5', 'DT', 'D9']];
    const second = [['S3', 'HT', 'H9'], ['H6', 'DK', 'D3'], ['DA', 'D7', 'D4'], ['S5', 'DT', 'D9']];
    const expected = [first, second].map((hands) => nsTricks(start(hands, 'C', 2)));
    expect(expected).toEqual([2, 1]);
    for (const kind of ENGINES) expect(sharedTable(kind, [first, second], 3, 2), kind).toEqual(expected);
  });

  // An ending and the same ending with cards of one suit traded between two seats: the lengths stay, so the second
  // search meets the entries of the first wherever their winning ranks allow.
  const traded = ending.chain((hands) =>
    fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 3 }).map((swaps) => {
      const variant = hands.map((cards) => [...cards]);
      for (const [a, b, i, j] of swaps) {
        const from = a % 4;
        const to = (from + 1 + (b % 3)) % 4;
        const x = variant[from]![i % variant[from]!.length]!;
        const same = variant[to]!.filter((card) => card[0] === x[0]);
        if (same.length === 0) continue;
        const y = same[j % same.length]!;
        variant[from] = variant[from]!.map((card) => (card === x ? y : card));
        variant[to] = variant[to]!.map((card) => (card === y ? x : card));
      }
      return [hands, variant] as const;
    }),
  );
  prop([traded, fc.constantFrom(0, 1, 2, 3, 4), fc.nat({ max: 3 })], runs(150, 40))(
    'two endings that share their lengths, solved in turn on one table, each as the minimax says',
    ([hands, variant], strain, leader) => {
      const name = STRAIN_NAMES_BY_CODE[strain]!;
      const expected = [hands, variant].map((h) => nsTricks(start(h, name, leader)));
      for (const kind of ENGINES) expect(sharedTable(kind, [hands, variant, hands], strain, leader), `${kind} ${pbnOf(hands)} / ${pbnOf(variant)}`).toEqual([...expected, expected[0]]);
    },
  );
});

describe('double-dummy symmetries', () => {
  prop([ending], runs(100, 30))('rotating an ending rotates its table', (hands) => {
    expect(doubleDummyTable(pbnOf(rotateHands(hands)))).toEqual(rotateTable(doubleDummyTable(pbnOf(hands))));
  });

  it('rotating a full deal rotates its table', () => {
    for (const text of FULL_DEALS.slice(2)) {
      const hands = text.slice(2).split(' ');
      const turned = `N:${[hands[3], hands[0], hands[1], hands[2]].join(' ')}`;
      const table = doubleDummyTable(text);
      expect(rotateTable(rotateTable(table)), `${text} looks the same from both sides`).not.toEqual(table);
      expect(doubleDummyTable(turned), text).toEqual(rotateTable(table));
      // The same deal written from another seat is the same deal.
      expect(doubleDummyTable(`E:${hands.join(' ')}`), text).toEqual(doubleDummyTable(turned));
    }
  });

  prop([ending], runs(100, 30))(
    "on the same lead the leader's best card and the declarer's tricks add up to the cards a hand",
    (hands) => {
      const text = pbnOf(hands);
      const size = hands[0]!.length;
      const table = doubleDummyTable(text);
      for (const strain of STRAINS) {
        for (const [k, leader] of SEATS.entries()) {
          const best = Math.max(...doubleDummyPlays(text, { strain, leader }).plays.map((entry) => entry.tricks));
          expect(best + table[SEATS[(k + 3) % 4]!][strain], `${strain} ${leader} leads`).toBe(size);
        }
      }
    },
  );

  it("on a full deal, the leader's best card and the declarer's tricks add up to 13", () => {
    const text = FULL_DEALS[2]!;
    const table = doubleDummyTable(text);
    for (const [strain, leader] of [['NT', 'W'], ['NT', 'E'], ['H', 'N']] as const) {
      const declarer = SEATS[(SEATS.indexOf(leader) + 3) % 4]!;
      const best = Math.max(...doubleDummyPlays(text, { strain, leader }).plays.map((entry) => entry.tricks));
      expect(best + table[declarer][strain]).toBe(13);
    }
  });
});

describe('one strain, and many tables', () => {
  prop([ending, fc.constantFrom(...ENGINES)], runs(100, 30))('doubleDummyTricks is the table cell', (hands, engine) => {
    const text = pbnOf(hands);
    const table = doubleDummyTable(text);
    for (const declarer of SEATS) {
      for (const strain of STRAINS) expect(doubleDummyTricks(text, strain, declarer, { engine }), `${declarer} ${strain}`).toBe(table[declarer][strain]);
    }
  });

  it('doubleDummyTables on two workers gives each table in order, and calls onTable for each', async () => {
    const deals = fc.sample(ending, { numRuns: 6, seed: 31 }).map(pbnOf);
    deals.push(FULL_DEALS[2]!);
    const seen: number[] = [];
    const tables = await built.doubleDummyTables(deals, {
      workers: 2,
      onTable: (table, index) => {
        expect(table).toEqual(doubleDummyTable(deals[index]!));
        seen.push(index);
      },
    });
    expect(tables).toEqual(deals.map((deal) => doubleDummyTable(deal)));
    expect(seen.sort((a, b) => a - b)).toEqual(deals.map((_, index) => index));
    // On this thread too, a Deal among the texts.
    const mixed = [builtMain.parsePbn(FULL_DEALS[0]!), deals[0]!];
    expect(await built.doubleDummyTables(mixed, { engine: 'js' })).toEqual([FULL_DEALS[0]!, deals[0]!].map((deal) => doubleDummyTable(deal)));
  });

  it('doubleDummyTables of no deals is an empty array', async () => {
    expect(await built.doubleDummyTables([])).toEqual([]);
    expect(await built.doubleDummyTables([], { workers: 2 })).toEqual([]);
  });
});

describe('double-dummy bad input: one error naming the value', () => {
  it('deals that are not positions', () => {
    expectError(() => doubleDummyTable('N:AA... K... Q... J...'), RangeError, /SA is dealt twice in 'N:AA/);
    expectError(() => doubleDummyTable('N:A... K... Q... J...  '.replace('J...', 'J.2..')), RangeError, /same number of cards.*W 2/);
    expectError(() => doubleDummyTable('N:A... K... Q... X...'), RangeError, /'X' is not a rank/);
    expectError(() => doubleDummyTable('N:A... K... Q...'), RangeError, /must be PBN.*'N:A\.\.\. K\.\.\. Q\.\.\.'/);
    expectError(() => doubleDummyTable('N:A... K... Q... J... T...'), RangeError, /must be PBN/);
    expectError(() => doubleDummyTable('N:A.. K... Q... J...'), RangeError, /four suits.*'A\.\.'/);
    expectError(() => doubleDummyTable('N:... ... ... ...'), RangeError, /1 to 13 cards; got 0/);
    expectError(() => doubleDummyTable(''), RangeError, /must be PBN.*''/);
    expectError(() => doubleDummyTable(42 as never), TypeError, /deal must be a bridge Deal or a PBN.*42/);
    expectError(() => doubleDummyTable(null as never), TypeError, /null/);
    const notBridge = parseDeal('N'.repeat(26) + 'S'.repeat(26), [26, 26], 'NS');
    expectError(() => doubleDummyTable(notBridge), TypeError, /must be a bridge deal/);
  });

  it('a Deal that is not a bridge deal is named by its hands in the error', () => {
    const notBridge = parseDeal('N'.repeat(26) + 'S'.repeat(26), [26, 26], 'NS');
    expectError(() => doubleDummyTable(notBridge), TypeError, /\b26\b|2 hands/);
  });

  it('played cards that break the rules', () => {
    const deal = 'N:AK.2.. QJ.3.. T9.4.. 87.5..';
    const at = (played: unknown[]) => () => doubleDummyPlays(deal, { strain: 'NT', leader: 'N', played: played as string[] });
    expectError(at(['SQ']), RangeError, /played\[0\]: N does not hold SQ/);
    expectError(at(['SA', 'H3']), RangeError, /played\[1\]: E must follow S and cannot play H3/);
    const all = ['SA', 'SQ', 'ST', 'S8', 'SK', 'SJ', 'S9', 'S7', 'H2', 'H3', 'H4', 'H5'];
    expect(doubleDummyPlays(deal, { strain: 'NT', leader: 'N', played: all }).plays).toEqual([]);
    expectError(at([...all, 'SA']), RangeError, /played\[12\] \(SA\) comes after the last trick/);
    expectError(at(['S1']), RangeError, /played\[0\] must be a card.*'S1'/);
    expectError(at(['XA']), RangeError, /'XA'/);
    expectError(at([7]), RangeError, /played\[0\].*7/);
    expectError(() => doubleDummyPlays(deal, { strain: 'NT', leader: 'N', played: 'SA' as never }), TypeError, /played must be an array.*'SA'/);
    expectError(() => doubleDummyPlays(deal, 'NT' as never), TypeError, /options must be an object.*'NT'/);
  });

  it('unknown strains and seats', () => {
    const deal = FULL_DEALS[0]!;
    for (const strain of ['X', 'NTX', 5, '', undefined]) {
      expectError(() => doubleDummyTricks(deal, strain as Strain, 'N'), RangeError, /strain must be one of C, D, H, S, NT; got/);
      expectError(() => doubleDummyPlays(EVEN_ENDING, { strain: strain as Strain, leader: 'N' }), RangeError, /strain must be one of/);
    }
    expectError(() => doubleDummyTricks(deal, 'NTX' as Strain, 'N'), RangeError, /'NTX'/);
    expectError(() => doubleDummyTricks(deal, 5 as never, 'N'), RangeError, /got 5/);
    for (const seat of ['X', 'North', 0, '']) {
      expectError(() => doubleDummyTricks(deal, 'S', seat as DdSeat), RangeError, /declarer must be one of N, E, S, W; got/);
      expectError(() => doubleDummyPlays(EVEN_ENDING, { strain: 'S', leader: seat as DdSeat }), RangeError, /leader must be one of N, E, S, W; got/);
    }
    expectError(() => doubleDummyTricks(deal, 'S', 'North' as DdSeat), RangeError, /'North'/);
  });

  it('bad options', () => {
    for (const timeout of [0, -1, Number.NaN, '10']) {
      expectError(() => doubleDummyTable(EVEN_ENDING, { timeout: timeout as number }), RangeError, /timeout must be a positive number/);
    }
    expectError(() => doubleDummyTable(EVEN_ENDING, { timeout: -5 }), RangeError, /got -5/);
    expectError(() => doubleDummyTable(EVEN_ENDING, { maxMemory: 65535 }), RangeError, /maxMemory must be .* at least 65536; got 65535/);
    expectError(() => doubleDummyTable(EVEN_ENDING, { maxMemory: Infinity }), RangeError, /maxMemory.*Infinity/);
    expectError(() => doubleDummyTable(EVEN_ENDING, { engine: 'c' as never }), RangeError, /engine must be 'wasm' or 'js'; got 'c'/);
    expectError(() => doubleDummyTable(EVEN_ENDING, 5 as never), TypeError, /options must be an object; got 5/);
    expectError(() => doubleDummyTable(EVEN_ENDING, null as never), TypeError, /options must be an object; got null/);
    expectError(() => doubleDummyTable(EVEN_ENDING, { signal: 3 as never }), TypeError, /signal must be an AbortSignal; got 3/);
    expectError(() => doubleDummyTricks(EVEN_ENDING, 'S', 'N', { maxMemory: 1024 }), RangeError, /got 1024/);
    expectError(() => doubleDummyPlays(EVEN_ENDING, { strain: 'S', leader: 'N', engine: 'c' as never }), RangeError, /'c'/);
    // The smallest table allowed still gives the right answer.
    expect(doubleDummyTable(FULL_DEALS[1]!, { maxMemory: 65536 })).toEqual(doubleDummyTable(FULL_DEALS[1]!));
  });

  it('bad arguments of doubleDummyTables reject with one error naming the value', async () => {
    await expect(built.doubleDummyTables('N:A... K... Q... J...' as never)).rejects.toThrow(TypeError);
    await expect(built.doubleDummyTables([EVEN_ENDING], { workers: 0 })).rejects.toThrow(/workers must be an integer from 1 to 256; got 0/);
    await expect(built.doubleDummyTables([EVEN_ENDING], { workers: 1.5 })).rejects.toThrow(/got 1\.5/);
    await expect(built.doubleDummyTables([EVEN_ENDING, 'N:AA... K... Q... J...'], { workers: 2 })).rejects.toThrow(/deals\[1\]: SA is dealt twice/);
    await expect(built.doubleDummyTables([EVEN_ENDING], { timeout: -1 })).rejects.toThrow(RangeError);
    await expect(built.doubleDummyTables([EVEN_ENDING], { onTable: 5 as never })).rejects.toThrow(/onTable must be a function/);
  });

  /** Whether `text` is a position by the rules written out plainly: four hands of one size 1..13, no card twice. */
  function isPosition(text: string): boolean {
    const match = /^\s*([NESW]):(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/i.exec(text);
    if (match === null) return false;
    const seen = new Set<string>();
    const sizes: number[] = [];
    for (const hand of match.slice(2)) {
      const suits = hand.split('.');
      if (suits.length !== 4) return false;
      let size = 0;
      for (const [s, ranks] of suits.entries()) {
        for (const rank of ranks.toUpperCase()) {
          if (!'AKQJT98765432'.includes(rank) || seen.has(`${s}${rank}`)) return false;
          seen.add(`${s}${rank}`);
          size++;
        }
      }
      sizes.push(size);
    }
    return sizes.every((size) => size === sizes[0]) && sizes[0]! >= 1 && sizes[0]! <= 13;
  }

  /** Endings with one character changed, added or taken away: near misses, and sometimes another valid ending. */
  const mutated = fc
    .tuple(ending, fc.nat(), fc.constantFrom(...'AKQJT98765432.: NESWx1ak\u00a0\t'), fc.constantFrom('replace', 'insert', 'delete'))
    .map(([hands, at, char, how]) => {
      const text = pbnOf(hands);
      const k = at % (text.length + 1);
      if (how === 'insert') return text.slice(0, k) + char + text.slice(k);
      return text.slice(0, k) + (how === 'replace' ? char : '') + text.slice(k + 1);
    });

  prop([fc.oneof(fuzzText('NESW:AKQJT98765432. '), mutated)], runs(300, 60))(
    'any text: a table only for a position (then the right one), else a RangeError or TypeError',
    (text) => {
      const table = onlyOurErrors(() => doubleDummyTable(text));
      expect(table !== undefined, text).toBe(isPosition(text));
    },
  );

  prop([mutated], runs(300, 60))('a changed ending that is still a position gets its own table', (text) => {
    fc.pre(isPosition(text));
    const match = /^\s*N:(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/i.exec(text);
    fc.pre(match !== null);
    const hands = match!.slice(1).map((hand) =>
      hand.split('.').flatMap((ranks, s) => [...ranks.toUpperCase()].map((rank) => 'SHDC'[s]! + rank)),
    );
    expect(doubleDummyTable(text)).toEqual(referenceTable(hands));
  });
});

describe('stopping', () => {
  it('an aborted signal stops each call before any work', () => {
    const signal = AbortSignal.abort();
    for (const call of [
      () => doubleDummyTable(FULL_DEALS[1]!, { signal }),
      () => doubleDummyTricks(FULL_DEALS[1]!, 'NT', 'S', { signal }),
      () => doubleDummyPlays(FULL_DEALS[1]!, { strain: 'NT', leader: 'W', signal }),
    ]) {
      const error = thrownBy(call);
      expect(error).toBeInstanceOf(DoubleDummyStopped);
      expect((error as DoubleDummyStopped).reason).toBe('aborted');
      expect((error as DoubleDummyStopped).partial).toBeUndefined();
      expect((error as DoubleDummyStopped).message).toMatch(/stopped \(aborted\)/);
    }
    // Bad input is still reported first.
    expectError(() => doubleDummyTable('N:AA... K... Q... J...', { signal }), RangeError, /dealt twice/);
  });

  it('a call stopped before any work reports no positions searched', () => {
    doubleDummyTable(FULL_DEALS[1]!);
    const error = thrownBy(() => doubleDummyTable(EVEN_ENDING, { signal: AbortSignal.abort() }));
    expect((error as DoubleDummyStopped).nodes).toBe(0);
  });

  it('a timeout stops a table on a fast clock, with the cells finished', () => {
    for (const engine of ENGINES) {
      // Every cell of this ending is 1, so a finished cell can be told from one not reached (0).
      const error = onFastClock(() => thrownBy(() => doubleDummyTable(EVEN_ENDING, { timeout: 25_000, engine })));
      expect(error, engine).toBeInstanceOf(DoubleDummyStopped);
      const stopped = error as DoubleDummyStopped;
      expect(stopped.reason).toBe('timeout');
      expect(stopped.message).toMatch(/timed out/);
      const partial = stopped.partial as DoubleDummyTable;
      const cells = SEATS.flatMap((seat) => STRAINS.map((strain) => partial[seat][strain]));
      expect(cells.every((tricks) => tricks === undefined || tricks === 1)).toBe(true);
      const finished = cells.filter((tricks) => tricks === 1).length;
      expect(finished, engine).toBeGreaterThan(0);
      expect(finished, engine).toBeLessThan(20);
    }
  });

  it('a timeout stops one strain and the card values on a fast clock', () => {
    for (const engine of ENGINES) {
      const one = onFastClock(() => thrownBy(() => doubleDummyTricks(FULL_DEALS[1]!, 'NT', 'S', { timeout: 15_000, engine })));
      expect((one as DoubleDummyStopped).reason, engine).toBe('timeout');
      const plays = onFastClock(() => thrownBy(() => doubleDummyPlays(FULL_DEALS[1]!, { strain: 'NT', leader: 'W', timeout: 15_000, engine })));
      expect((plays as DoubleDummyStopped).reason, engine).toBe('timeout');
      expect(((plays as DoubleDummyStopped).partial as PlayValues).seat).toBe('W');
    }
    // A timeout that is not reached changes nothing.
    expect(doubleDummyTable(EVEN_ENDING, { timeout: 1e9 })).toEqual(doubleDummyTable(EVEN_ENDING));
  });

  // A cell not reached before a stop is left out of the partial table.
  it('a partial table tells the cells not reached from cells of 0 tricks', () => {
    const error = onFastClock(() => thrownBy(() => doubleDummyTable(EVEN_ENDING, { timeout: 25_000 })));
    const partial = (error as DoubleDummyStopped).partial as DoubleDummyTable;
    const cells = SEATS.flatMap((seat) => STRAINS.map((strain) => partial[seat][strain]));
    expect(cells.filter((tricks) => tricks === 0)).toEqual([]);
    expect(cells.filter((tricks) => tricks === undefined).length).toBeGreaterThan(0);
  });

  for (const workers of [1, 2]) {
    it(`doubleDummyTables on ${workers} worker${workers > 1 ? 's' : ''}: aborted after the first table, it keeps the tables finished`, async () => {
      const deals = fc.sample(ending, { numRuns: 5, seed: 7 }).map(pbnOf);
      const controller = new AbortController();
      let first = -1;
      const error = await built
        .doubleDummyTables(deals, {
          workers,
          signal: controller.signal,
          onTable: (_, index) => {
            if (first < 0) first = index;
            controller.abort();
          },
        })
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(error).toBeInstanceOf(built.DoubleDummyStopped);
      const stopped = error as DoubleDummyStopped;
      expect(stopped.reason).toBe('aborted');
      const partial = stopped.partial as (DoubleDummyTable | undefined)[];
      expect(partial).toHaveLength(deals.length);
      expect(partial[first]).toEqual(doubleDummyTable(deals[first]!));
      const finished = partial.flatMap((table, index) => (table === undefined ? [] : [index]));
      expect(finished).toEqual([first]);
    });
  }

  it('doubleDummyTables with an aborted signal stops before any table', async () => {
    for (const workers of [1, 2]) {
      const error = await built.doubleDummyTables([EVEN_ENDING], { workers, signal: AbortSignal.abort() }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(built.DoubleDummyStopped);
      expect((error as DoubleDummyStopped).partial).toEqual([undefined]);
    }
  });
});
