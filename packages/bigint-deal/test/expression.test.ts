import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCondition, countDeals, dealProbability, matches, parseDeal, sampleDeals } from '../src/index.js';
import { bridgeDealArb, expectError, fuzzText, onlyOurErrors, prop } from './reference.js';

const hcpOf = (hand: Record<string, string>): number =>
  Object.values(hand).join('').split('').reduce((t, r) => t + ({ A: 4, K: 3, Q: 2, J: 1 }[r] ?? 0), 0);
const dealArb = bridgeDealArb.map((text) => parseDeal(text));

describe('compileCondition', () => {
  it('a conjunction of simple comparisons becomes constraint data (countable)', () => {
    const { constraint, isData } = compileCondition('hcp(north) >= 15 && hcp(north) <= 17 and 5 <= spades(north)');
    expect(isData).toBe(true);
    expect(constraint).toEqual({ north: { hcp: [15, 17], spades: [5, 13] } });
    expect(countDeals(constraint)).toBe(countDeals({ north: { hcp: [15, 17], spades: [5, 13] } }));
    expect(compileCondition('balanced(south) && shape(north, "any 4333")').constraint).toEqual({ south: { shape: 'balanced' }, north: { shape: 'any 4333' } });
  });

  prop([dealArb])('the predicate and the data agree with plain evaluation', (deal) => {
    const { N, S } = deal.hands;
    const cases: [string, boolean][] = [
      ['hcp(north) >= 10 && hcp(north) <= 14', hcpOf(N) >= 10 && hcpOf(N) <= 14],
      ['hcp(north) + hcp(south) >= 25 || not spades(s) > 3', hcpOf(N) + hcpOf(S) >= 25 || !(S.spades.length > 3)],
      ['!(hearts(n) == 4) and (clubs(south) * 2 - 1 < 7)', N.hearts.length !== 4 && S.clubs.length * 2 - 1 < 7],
      ['hcp(north) > 40', false],
    ];
    for (const [text, expected] of cases) expect(matches(deal, compileCondition(text).constraint), text).toBe(expected);
  });

  it('shapes stay data when negated or given twice for one seat, so they stay countable', () => {
    const notBalanced = compileCondition('!balanced(north) && hcp(north) >= 12');
    expect(notBalanced.isData).toBe(true);
    const balanced = countDeals({ north: { shape: 'balanced', hcp: [12, 37] } });
    expect(countDeals(notBalanced.constraint) + balanced).toBe(countDeals({ north: { hcp: [12, 37] } }));
    const both = compileCondition('balanced(north) && shape(north, "any 4432 + any 5xxx") && hcp(south) > 10');
    expect(both.isData).toBe(true);
    expect(countDeals(both.constraint)).toBe(countDeals({ north: { shape: 'any 4432 + any 5332' }, south: { hcp: [11, 37] } }));
    const flipped = compileCondition('not shape(north, "any 4333 + any 5332 - 5xxx")');
    expect(countDeals(flipped.constraint) + countDeals({ north: { shape: 'any 4333 + any 5332 - 5xxx' } })).toBe(countDeals({}));
    expect(countDeals(compileCondition('shape(north, "any 4333") && shape(north, "any 5xxx")').constraint)).toBe(0n);
  });

  prop([dealArb])('negated and repeated shapes agree with plain evaluation of the sorted shape', (deal) => {
    const lengths = (['spades', 'hearts', 'diamonds', 'clubs'] as const).map((suit) => deal.hands.N[suit].length);
    const sorted = [...lengths].sort((a, b) => b - a).join('');
    const balanced = ['4333', '4432', '5332'].includes(sorted);
    const cases: [string, boolean][] = [
      ['!balanced(north)', !balanced],
      ['balanced(north) && shape(north, "any 4432 + any 5xxx")', sorted === '4432' || sorted === '5332'],
      ['not shape(north, "any 4333 + any 5332 - 5xxx")', !((sorted === '4333' || sorted === '5332') && lengths[0] !== 5)],
      ['shape(north, "5xxx") && !semibalanced(north)', lengths[0] === 5 && !['4333', '4432', '5332', '5422', '6322'].includes(sorted)],
    ];
    for (const [text, expected] of cases) expect(matches(deal, compileCondition(text).constraint), text).toBe(expected);
  });

  it('a parse error names the position and the construct', () => {
    expectError(() => compileCondition('hcp(north) >= '), RangeError, /position 15 \(the condition ends too soon\)/);
    expectError(() => compileCondition('points(north) > 3'), RangeError, /position 1 \(unknown function 'points'/);
    expectError(() => compileCondition('hcp(middle) > 3'), RangeError, /position 5 \(expected a seat/);
    expectError(() => compileCondition('hcp(north) > 3 $'), RangeError, /position 16 \(unexpected character '\$'\)/);
    expectError(() => compileCondition('shape(north, "4442")'), RangeError, /position 14 .*add up to 13/);
    expectError(() => compileCondition('(hcp(north) > 3'), RangeError, /expected '\)'/);
  });

  prop([fuzzText('hcp(north)south spades"any 4333",<>=!&|+-*/ 0123andornot')])('arbitrary strings give only our errors', (text) => {
    const compiled = onlyOurErrors(() => compileCondition(text));
    if (compiled !== undefined) onlyOurErrors(() => matches(parseDeal('N'.repeat(13) + 'E'.repeat(13) + 'S'.repeat(13) + 'W'.repeat(13)), compiled.constraint));
  });

  prop([fc.string()])('arbitrary unicode gives only our errors', (text) => {
    onlyOurErrors(() => compileCondition(text));
  });

  it('contradictory ranges are impossible at once: count 0, and sampling says no deal satisfies them', () => {
    const compiled = compileCondition('hcp(north) > 30 && hcp(north) < 20 && hcp(south) >= 3');
    expect(compiled).toMatchObject({ constraint: { or: [] }, isData: true, impossible: 'north.hcp would have to be from 31 to 19' });
    expect(countDeals(compiled.constraint)).toBe(0n);
    expect(dealProbability(compiled.constraint).value).toBe(0);
    expectError(() => sampleDeals(compiled.constraint, { count: 1, seed: 1 }), RangeError, /no deal satisfies/);
  });
});

describe('compileCondition: hostile input', () => {
  const chain = (unit: string, n: number, end = ''): string => unit.repeat(n) + end;

  it('refuses nesting too deep to walk with the position, never an engine message', () => {
    const cases: [string, RegExp][] = [
      [`${chain('!', 9000)}(hcp(north)>=1)`, /position 101 \('!' nested too deeply: more than 100 levels of parentheses and unary operators\)/],
      [`${chain('-', 9000)}hcp(north)>=1`, /position 101 \('-' nested too deeply: more than 100 levels/],
      [`${chain('not ', 2000)}hcp(north)>=1`, /position 401 \('not' nested too deeply/],
      [`${chain('(', 4000)}1${chain(')', 4000)}`, /position 101 \(parentheses nested too deeply/],
      [`${chain('1+', 4900)}1 > 0`, /position 2000 \(nested too deeply: more than 1,000 levels of operators\)/],
      [`${chain('1&&', 1500)}1`, /nested too deeply: more than 1,000 levels of operators/],
      [`${chain('1||', 2000)}1`, /nested too deeply: more than 1,000 levels of operators/],
      [`${chain('1+', 100_000)}1 > 0`, /a condition must be at most 10,000 characters; got 200005/],
    ];
    for (const [text, message] of cases) expectError(() => compileCondition(text), RangeError, message);
  });

  prop([fc.constantFrom('!', '-', 'not ', '(', '1+', '1*', '1 && ', '1 || ', '1 < '), fc.integer({ min: 0, max: 3000 }), dealArb])(
    'any depth of any construct compiles and evaluates, or is refused by our own message',
    (unit, n, deal) => {
      const text = unit === '(' ? `${chain('(', n)}hcp(north)>1${chain(')', n)}` : `${chain(unit, n)}(hcp(north)>1)`;
      let compiled: ReturnType<typeof compileCondition> | undefined;
      try {
        compiled = compileCondition(text);
      } catch (error) {
        expect(error).toBeInstanceOf(RangeError);
        expect((error as Error).message).toMatch(/nested too deeply|at most 10,000 characters/);
        return;
      }
      onlyOurErrors(() => matches(deal, compiled.constraint));
    },
  );

  it('a divisor that is zero for every deal is refused when read, naming the division', () => {
    expectError(() => compileCondition('hcp(north)/0 >= 0'), RangeError, /position 11 \(division by zero in 'hcp\(north\)\/0'; a divisor must not be 0 for every deal\)/);
    expectError(() => compileCondition('hcp(north) % (3 - 3) < 1'), RangeError, /position 12 \(remainder of a division by zero in 'hcp\(north\) % \(3 - 3\)'/);
    expectError(() => compileCondition('1 + spades(s) / (2 * 0) > 1'), RangeError, /division by zero in 'spades\(s\) \/ \(2 \* 0\)'/);
  });

  prop([dealArb, fc.constantFrom('/', '%'), fc.integer({ min: -2, max: 13 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })])(
    'a divisor that is zero for some deals gives 0 there, in the predicate and in sampling alike; one zero for all is refused',
    (deal, op, k, a, b) => {
      const { N } = deal.hands;
      const h = hcpOf(N);
      const s = N.spades.length;
      const quotient = s === 0 ? 0 : op === '/' ? Math.trunc(h / s) : h % s;
      const text = `hcp(north) ${op} spades(north) >= ${k}`;
      const { constraint, isData } = compileCondition(text);
      expect(isData).toBe(false);
      expect(matches(deal, constraint)).toBe(quotient >= k);
      const constant = `hcp(north) ${op} (${a} - ${b}) >= ${k}`;
      if (a === b) expectError(() => compileCondition(constant), RangeError, /by zero in 'hcp\(north\) [/%] \(\d - \d\)'/);
      else expect(matches(deal, compileCondition(constant).constraint)).toBe((op === '/' ? Math.trunc(h / (a - b)) : h % (a - b)) >= k);
    },
  );

  it('sampling and counting agree on a division that can be zero: samples follow the meaning, counting names what it cannot count', () => {
    const { constraint } = compileCondition('hcp(north) / spades(north) == 0 && hcp(north) >= 8');
    const { deals } = sampleDeals(constraint, { count: 20, seed: 3 });
    for (const { deal } of deals) {
      const s = deal.hands.N.spades.length;
      expect(s === 0 || hcpOf(deal.hands.N) < s).toBe(true);
      expect(hcpOf(deal.hands.N)).toBeGreaterThanOrEqual(8);
    }
    expectError(() => countDeals(constraint), TypeError, /cannot count a predicate/);
  });

  it('alternatives joined by || that cannot hold drop out: none left is impossible (count 0, refused at once), one left is data', () => {
    const none = compileCondition('hcp(north) > 37 || balanced(north) && hcp(north) > 40');
    expect(none).toMatchObject({ constraint: { or: [] }, isData: true });
    expect(none.impossible).toBe('no alternative can hold (north.hcp would have to be from 38 to 37; north.hcp would have to be from 41 to 37)');
    expect(countDeals(none.constraint)).toBe(0n);
    expectError(() => sampleDeals(none.constraint, { count: 1, seed: 1 }), RangeError, /no deal satisfies/);
    const one = compileCondition('hcp(north) > 40 || hcp(north) >= 36 || 1 > 2');
    expect(one).toEqual({ constraint: { north: { hcp: [36, 37] } }, isData: true });
    expect(compileCondition('2 < 1')).toMatchObject({ isData: true, impossible: 'it is always false' });
    expect(compileCondition('2 > 1')).toEqual({ constraint: {}, isData: true });
    expect(compileCondition('hcp(north) > 30 || hcp(south) > 30').isData).toBe(false);
  });

  prop([fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 })), { minLength: 1, maxLength: 4 })])(
    'a union of ranges with at most one that can hold counts as that range',
    (ranges) => {
      const text = ranges.map(([lo, hi]) => `hcp(north) >= ${lo} && hcp(north) <= ${hi}`).join(' || ');
      const open = ranges.filter(([lo, hi]) => lo <= Math.min(hi, 37));
      const compiled = compileCondition(text);
      if (open.length === 0) expect(countDeals(compiled.constraint)).toBe(0n);
      else if (open.length === 1) expect(countDeals(compiled.constraint)).toBe(countDeals({ north: { hcp: [open[0]![0], Math.min(open[0]![1], 37)] } }));
      else expect(compiled.isData).toBe(false);
    },
  );
});
