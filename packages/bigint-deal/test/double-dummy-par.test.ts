import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { par, type DdSeat, type DoubleDummyTable, type Par, type Strain, type Vulnerability } from '../src/double-dummy/index.js';
import { expectError, onlyOurErrors, prop } from './reference.js';

const SEATS: DdSeat[] = ['N', 'E', 'S', 'W'];
const STRAINS: Strain[] = ['C', 'D', 'H', 'S', 'NT'];
const VULNERABILITIES: Vulnerability[] = ['none', 'ns', 'ew', 'both'];
const runs = { numRuns: process.env.CI ? 200 : 50 };

/** A table from DDS's TABLE order: strains S H D C NT, each for declarers N E S W. */
function fromDds(counts: string): DoubleDummyTable {
  const numbers = counts.trim().split(/\s+/).map(Number);
  const table = { N: {}, E: {}, S: {}, W: {} } as DoubleDummyTable;
  (['S', 'H', 'D', 'C', 'NT'] as const).forEach((strain, s) => SEATS.forEach((seat, d) => (table[seat][strain] = numbers[s * 4 + d]!)));
  return table;
}

/** A table with the same tricks for every declarer and strain, then some cells changed. */
function flat(tricks: number, cells: Partial<Record<DdSeat, Partial<Record<Strain, number>>>> = {}): DoubleDummyTable {
  const table = {} as DoubleDummyTable;
  for (const seat of SEATS) table[seat] = { C: tricks, D: tricks, H: tricks, S: tricks, NT: tricks, ...cells[seat] };
  return table;
}

/**
 * The duplicate score of a contract in DDS's text form from North-South's side, written out from the scoring table:
 * made contracts undoubled with their overtricks, contracts that go down doubled (DDS lists sacrifices only).
 */
function scoreOf(contract: string, vulnerable: Vulnerability): number {
  if (contract === 'pass') return 0;
  const m = /^([1-7])([CDHSN])(\*?)-(NS|EW|N|E|S|W)(?:([+-])([0-9]+))?$/.exec(contract);
  if (m === null) throw new Error(`not a contract in DDS's form: ${contract}`);
  const level = Number(m[1]);
  const strain = m[2]!;
  const declarerNS = m[4]!.startsWith('N') || m[4] === 'S';
  const vul = vulnerable === 'both' || vulnerable === (declarerNS ? 'ns' : 'ew');
  const over = m[5] === '+' ? Number(m[6]) : 0;
  const down = m[5] === '-' ? Number(m[6]) : 0;
  let score: number;
  if (down > 0) {
    const doubledDown = vul ? [0, 200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800] : [0, 100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500];
    score = -doubledDown[down]!;
  } else {
    const perTrick = { C: 20, D: 20, H: 30, S: 30, N: 30 }[strain]!;
    const contractPoints = level * perTrick + (strain === 'N' ? 10 : 0);
    const bonus = contractPoints >= 100 ? (vul ? 500 : 300) : 50;
    const slam = level === 6 ? (vul ? 750 : 500) : level === 7 ? (vul ? 1500 : 1000) : 0;
    score = contractPoints + bonus + slam + over * perTrick;
  }
  return declarerNS ? score : -score;
}

/** The table, dealer and vulnerability seen one seat round the table (North's cards to East, and so on). */
function rotate(table: DoubleDummyTable, dealer: DdSeat, vulnerable: Vulnerability) {
  const next = (seat: DdSeat): DdSeat => SEATS[(SEATS.indexOf(seat) + 1) % 4]!;
  const turned = {} as DoubleDummyTable;
  for (const seat of SEATS) turned[next(seat)] = { ...table[seat] };
  const swapped: Vulnerability = vulnerable === 'ns' ? 'ew' : vulnerable === 'ew' ? 'ns' : vulnerable;
  /** A contract's text with its declarers moved one seat round. */
  const contract = (text: string): string =>
    text.replace(/-([NESW]+)/, (_, who: string) => {
      const moved = [...who].map((s) => next(s as DdSeat)).join('');
      return `-${moved.length === 2 ? (moved.includes('N') ? 'NS' : 'EW') : moved}`;
    });
  return { table: turned, dealer: next(dealer), vulnerable: swapped, contract };
}

const trick = fc.integer({ min: 0, max: 13 });
/** Any table of 20 trick counts. */
const anyTable: fc.Arbitrary<DoubleDummyTable> = fc
  .array(trick, { minLength: 20, maxLength: 20 })
  .map((n) => Object.fromEntries(SEATS.map((seat, d) => [seat, Object.fromEntries(STRAINS.map((strain, s) => [strain, n[d * 5 + s]!]))])) as DoubleDummyTable);
/** Tables as deals give them: a side's two declarers within a trick of each other, the two sides' tricks near 13. */
const dealLikeTable: fc.Arbitrary<DoubleDummyTable> = fc
  .array(fc.tuple(trick, fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 })), { minLength: 5, maxLength: 5 })
  .map((strains) => {
    const clamp = (n: number): number => Math.min(13, Math.max(0, n));
    const table = { N: {}, E: {}, S: {}, W: {} } as DoubleDummyTable;
    strains.forEach(([ns, a, b, c, d], s) => {
      const strain = STRAINS[s]!;
      table.N[strain] = clamp(ns + a);
      table.S[strain] = clamp(ns + b);
      table.E[strain] = clamp(13 - ns + c);
      table.W[strain] = clamp(13 - ns + d);
    });
    return table;
  });
const tableArb = fc.oneof(dealLikeTable, anyTable);
const dealerArb = fc.constantFrom(...SEATS);
const vulnerableArb = fc.constantFrom(...VULNERABILITIES);

describe('par', () => {
  // Tables and DealerPar results of deals in DDS's test lists (hands/list300.txt, Apache-2.0): dealer, vulnerability,
  // TABLE line, PAR2 line.
  const ddsRecords: [DdSeat, Vulnerability, string, Par][] = [
    ['N', 'none', '5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6', { score: -110, contracts: ['2S-EW'] }],
    ['E', 'ns', '4 9 4 9 10 2 10 2 8 3 8 3 6 7 6 7 9 3 9 3', { score: 100, contracts: ['4S*-EW-1'] }],
    ['S', 'ew', '6 7 6 7 4 9 4 9 2 10 2 10 2 11 2 11 3 9 3 9', { score: -600, contracts: ['5C-EW', '3N-EW'] }],
    ['E', 'ns', '8 5 8 5 7 6 7 6 7 5 7 5 5 8 5 8 6 7 6 7', { score: 100, contracts: ['3C*-EW-1', '2N*-EW-1'] }],
    ['N', 'none', '3 10 3 10 9 4 9 4 8 4 8 4 3 9 3 9 4 8 4 8', { score: -300, contracts: ['5H*-NS-2'] }],
    ['E', 'ew', '6 7 6 6 8 5 8 5 8 4 8 4 10 3 10 3 7 4 7 4', { score: 130, contracts: ['2C-NS+2'] }],
    ['W', 'both', '8 4 8 5 2 10 2 11 7 6 7 6 2 10 2 11 2 10 2 11', { score: -660, contracts: ['4N-W+1'] }],
    ['E', 'ew', '6 7 6 7 6 7 6 7 2 11 2 11 2 10 2 10 2 10 2 11', { score: -660, contracts: ['3N-W+2'] }],
    ['S', 'ew', '7 5 7 6 7 5 7 6 8 4 8 5 5 7 5 7 7 6 7 6', { score: 90, contracts: ['1D-NS+1', '1N-NS'] }],
    ['E', 'none', '1 12 1 12 7 6 7 6 1 12 1 12 4 8 4 8 1 12 1 11', { score: -990, contracts: ['6N-E'] }],
  ];
  it.each(ddsRecords)('dealer %s, vulnerable %s, table %s: as DDS lists it', (dealer, vulnerable, counts, expected) => {
    expect(par(fromDds(counts), { dealer, vulnerable })).toEqual(expected);
  });

  it('passes a deal out when neither side makes a contract', () => {
    expect(par(flat(6), { dealer: 'N', vulnerable: 'both' })).toEqual({ score: 0, contracts: ['pass'] });
  });

  it('gives a contract both sides make to the side that can bid it first from the dealer', () => {
    const bothMake1NT = flat(6, { N: { NT: 7 }, E: { NT: 7 }, S: { NT: 7 }, W: { NT: 7 } });
    expect(par(bothMake1NT, { dealer: 'N', vulnerable: 'none' })).toEqual({ score: 90, contracts: ['1N-NS'] });
    expect(par(bothMake1NT, { dealer: 'E', vulnerable: 'none' })).toEqual({ score: -90, contracts: ['1N-EW'] });
    expect(par(bothMake1NT, { dealer: 'W', vulnerable: 'none' })).toEqual({ score: -90, contracts: ['1N-EW'] });
    // Only South makes it: North deals, East bids it before South can.
    const onlySouthAndEast = flat(6, { S: { NT: 7 }, E: { NT: 7 } });
    expect(par(onlySouthAndEast, { dealer: 'N', vulnerable: 'none' })).toEqual({ score: -90, contracts: ['1N-E'] });
  });

  it('names a part score at the lowest level the opponents would not outbid, with overtricks', () => {
    // North-South make ten tricks in clubs and nothing else; East-West make nothing: 4♣ is worth 130, named 1C+3.
    const table = flat(3, { N: { C: 10 }, S: { C: 10 } });
    expect(par(table, { dealer: 'N', vulnerable: 'none' })).toEqual({ score: 130, contracts: ['1C-NS+3'] });
    // A game keeps its game level: 11 tricks in notrump is 3N+2 however cheap the sacrifices.
    expect(par(flat(3, { N: { NT: 11 }, S: { NT: 11 } }), { dealer: 'E', vulnerable: 'ns' })).toEqual({ score: 660, contracts: ['3N-NS+2'] });
  });

  it("writes a sacrifice in the opponents' strain that one seat makes cheapest without the '*', as DDS 2.9.1's DealerPar does", () => {
    // Checked against DDS 2.9.1's DealerPar: "-100 3C*-N-1 2N-S-1".
    expect(par(fromDds('3 8 5 8 6 7 5 6 5 8 7 7 8 6 6 7 6 6 7 8'), { dealer: 'N', vulnerable: 'ew' })).toEqual({
      score: -100,
      contracts: ['3C*-N-1', '2N-S-1'],
    });
  });

  prop([tableArb, dealerArb, vulnerableArb], runs)('every contract listed scores the par score', (table, dealer, vulnerable) => {
    const result = par(table, { dealer, vulnerable });
    expect(result.contracts.length).toBeGreaterThan(0);
    for (const contract of result.contracts) expect(scoreOf(contract, vulnerable)).toBe(result.score);
  });

  prop([tableArb, dealerArb, vulnerableArb], runs)('seen one seat round the table, the par is the same with the sides swapped', (table, dealer, vulnerable) => {
    const result = par(table, { dealer, vulnerable });
    const turned = rotate(table, dealer, vulnerable);
    const other = par(turned.table, { dealer: turned.dealer, vulnerable: turned.vulnerable });
    expect(other.score).toBe(result.score === 0 ? 0 : -result.score);
    expect(other.contracts).toEqual(result.contracts.map(turned.contract));
  });

  prop([tableArb, dealerArb, vulnerableArb], runs)('a side that makes nothing never scores a plus', (table, dealer, vulnerable) => {
    for (const seat of ['E', 'W'] as const) for (const strain of STRAINS) table[seat][strain] = Math.min(table[seat][strain], 6);
    const result = par(table, { dealer, vulnerable });
    const northSouthMake = STRAINS.some((strain) => table.N[strain] >= 7 || table.S[strain] >= 7);
    if (!northSouthMake) {
      expect(result).toEqual({ score: 0, contracts: ['pass'] });
      return;
    }
    expect(result.score).toBeGreaterThan(0);
    // North-South's contracts make undoubled; East-West's go down doubled.
    for (const contract of result.contracts) expect(contract).toMatch(/^\d[CDHSN](-(NS|N|S)(\+\d+)?|\*?-(EW|E|W)-\d+)$/);
  });

  prop([tableArb, dealerArb, vulnerableArb], runs)('a doubled sacrifice costs less than the best contract it stops; a bid par is worth at most that contract', (table, dealer, vulnerable) => {
    const result = par(table, { dealer, vulnerable });
    /** The most a side scores by bidding and making a contract in one of its strains (as a positive number). */
    const bestMade = (side: 'NS' | 'EW'): number => {
      const [a, b] = side === 'NS' ? (['N', 'S'] as const) : (['E', 'W'] as const);
      let best = 0;
      for (const strain of STRAINS) {
        const tricks = Math.max(table[a][strain], table[b][strain]);
        if (tricks >= 7) best = Math.max(best, Math.abs(scoreOf(`${tricks - 6}${strain[0]}-${side}`, vulnerable)));
      }
      return best;
    };
    if (result.score === 0) return;
    const plusSide = result.score > 0 ? 'NS' : 'EW';
    if (result.contracts.some((c) => /-\d+$/.test(c))) expect(Math.abs(result.score)).toBeLessThan(bestMade(plusSide));
    else expect(Math.abs(result.score)).toBeLessThanOrEqual(bestMade(plusSide));
  });

  prop([tableArb, dealerArb, vulnerableArb], runs)('with one side far too weak to compete, the dealer changes nothing', (table, dealer, vulnerable) => {
    // North-South make every strain and East-West take at most four tricks in any: no tie to break, no sacrifice.
    for (const strain of STRAINS) {
      table.N[strain] = Math.max(table.N[strain], 7);
      table.E[strain] = Math.min(table.E[strain], 4);
      table.W[strain] = Math.min(table.W[strain], 4);
    }
    const results = SEATS.map((d) => par(table, { dealer: d, vulnerable }));
    for (const result of results) expect(result).toEqual(par(table, { dealer, vulnerable }));
  });

  describe('bad input', () => {
    const ok = flat(7);
    it('refuses an unknown dealer or vulnerability, naming it', () => {
      expectError(() => par(ok, { dealer: 'X' as DdSeat, vulnerable: 'none' }), RangeError, /dealer must be one of N, E, S, W; got 'X'/);
      expectError(() => par(ok, { dealer: 'north' as DdSeat, vulnerable: 'none' }), RangeError, /dealer .*got 'north'/);
      expectError(() => par(ok, { vulnerable: 'none' } as never), RangeError, /dealer .*got undefined/);
      expectError(() => par(ok, { dealer: 'N', vulnerable: 'NS' as Vulnerability }), RangeError, /vulnerable must be one of 'none', 'ns', 'ew', 'both'; got 'NS'/);
      expectError(() => par(ok, { dealer: 'N', vulnerable: 1 as never }), RangeError, /vulnerable .*got 1/);
      expectError(() => par(ok, 'N' as never), TypeError, /options of par must be an object; got 'N'/);
    });
    it('refuses a table with a count outside 0..13 or a missing cell, naming the cell and the value', () => {
      expectError(() => par(flat(7, { E: { H: 14 } }), { dealer: 'N', vulnerable: 'none' }), RangeError, /table\.E\.H must be a whole number of tricks from 0 to 13; got 14/);
      expectError(() => par(flat(7, { W: { NT: -1 } }), { dealer: 'N', vulnerable: 'none' }), RangeError, /table\.W\.NT .*got -1/);
      expectError(() => par(flat(7, { S: { C: 6.5 } }), { dealer: 'N', vulnerable: 'none' }), RangeError, /table\.S\.C .*got 6\.5/);
      expectError(() => par(flat(7, { N: { S: Number.NaN } }), { dealer: 'N', vulnerable: 'none' }), RangeError, /table\.N\.S .*got NaN/);
      expectError(() => par(flat(7, { N: { D: '7' as never } }), { dealer: 'N', vulnerable: 'none' }), TypeError, /table\.N\.D must be a number of tricks from 0 to 13; got '7'/);
      const missingCell = flat(7);
      delete (missingCell.E as Partial<Record<Strain, number>>).NT;
      expectError(() => par(missingCell, { dealer: 'N', vulnerable: 'none' }), TypeError, /table\.E\.NT .*got undefined/);
      const missingSeat = flat(7) as Partial<DoubleDummyTable>;
      delete missingSeat.W;
      expectError(() => par(missingSeat as DoubleDummyTable, { dealer: 'N', vulnerable: 'none' }), TypeError, /table\.W must be an object .*got undefined/);
      expectError(() => par(null as never, { dealer: 'N', vulnerable: 'none' }), TypeError, /table must be a double-dummy table .*got null/);
    });
    prop([fc.anything(), fc.anything()], runs)('anything else is one of our errors or a par', (table, options) => {
      const result = onlyOurErrors(() => par(table as DoubleDummyTable, options as never));
      if (result !== undefined) expect(typeof result.score).toBe('number');
    });
  });
});
