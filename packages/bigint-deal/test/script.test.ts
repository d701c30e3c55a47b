import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countDeals,
  formatScriptAction,
  formatScriptDeal,
  formatScriptPages,
  formatScriptReport,
  hcp,
  parseDeal,
  parseDealerScript,
  runDealerScript,
  shapeOf,
  type BridgeHand,
  type Deal,
  type ScriptAction,
  type ScriptReport,
} from '../src/index.js';
import { bridgeDealArb, expectError, fuzzText, onlyOurErrors, prop } from './reference.js';

const dealArb = bridgeDealArb.map((text) => parseDeal(text));
const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
const SEATS = ['north', 'east', 'south', 'west'] as const;
const handOf = (deal: Deal, seat: number): BridgeHand => deal.hands['NESW'[seat] as 'N']!;
// Plain references over rank strings.
const points = (ranks: string, values: number[]): number => [...ranks].reduce((t, r) => t + (values['AKQJT98765432'.indexOf(r)] ?? 0), 0);
const suitLosers = (ranks: string): number =>
  ranks.length === 0 ? 0 : Math.min(ranks.length, 3) - ['A', 'K', 'Q'].slice(0, Math.min(ranks.length, 3)).filter((r) => ranks.includes(r)).length;

/** The value functions of a script's actions, in order. */
const valuesOf = (text: string): ((deal: Deal) => number)[] =>
  parseDealerScript(text).actions.map((a: ScriptAction) => ('value' in a ? a.value : () => NaN));

/** Runs a script to the end: its deals and report. */
function runAll(text: string, options: Parameters<typeof runDealerScript>[1] = {}): { deals: Deal[]; report: ScriptReport } {
  const run = runDealerScript(parseDealerScript(text), options);
  const deals: Deal[] = [];
  for (let next = run.next(); ; next = run.next()) {
    if (next.done === true) return { deals, report: next.value };
    deals.push(next.value.deal);
  }
}

describe('parseDealerScript: expressions', () => {
  it("follows C's precedence and dealer's own operator-order checks (?: , || &&, == !=, < <=, + -, * / %, !, unary -)", () => {
    const cases: [string, number][] = [
      ['1 ? 0 ? 3 : 2 : 1', 2], ['0 ? 0 ? 3 : 2 : 1', 1], ['1 ? 3 : 1 ? 2 : 1', 3], ['0 ? 3 : 1 ? 2 : 1', 2],
      ['1 || 0 ? 1 : 0', 1], ['1 ? 0 : 1 || 1', 0], ['0 && 0 || 1', 1], ['1 || 0 && 0', 1], ['0 || 0 || 0 && 1 && 1', 0],
      ['2 == 2 != 0', 1], ['0 != 2 == 1', 1], ['-2 < -1 <= 0', 0], ['4 > 3 < 1', 0], ['1 < 1 == 0', 1], ['0 == 0 < 0', 1],
      ['1 - 1 + 1', 1], ['1 + 0 < 1', 0], ['3 * 3 % 2', 1], ['3 % 2 * 2', 2], ['10 % 8 / 2', 1], ['1 + 2 * 3', 7],
      ['!0 * 2', 2], ['2 * !0', 2], ['-1 - 2', -3], ['2 - -1', 3], ['7 / 2', 3], ['-7 / 2', -3],
      ['not 0 and 1', 1], ['0 or not 1', 0],
    ];
    const script = `produce 1\naction ${cases.map(([e]) => `average "x" ${e}`).join(',\n')}`;
    const values = valuesOf(script);
    const deal = parseDeal('NESW'.repeat(13));
    cases.forEach(([e, want], k) => expect(values[k]!(deal), e).toBe(want));
  });

  prop([dealArb, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })])(
    'hcp, suit lengths, losers, controls, hascard, shape and the alternate counts agree with plain counts',
    (deal, q, s) => {
      const seat = SEATS[q]!;
      const suit = SUITS[s]!;
      const hand = handOf(deal, q);
      const all = SUITS.map((x) => hand[x]).join('');
      const [a, b, c] = valuesOf(`action average hcp(${seat}), average hcp(${seat}, ${suit}), average ${suit}(${seat})`);
      expect(a!(deal)).toBe(points(all, [4, 3, 2, 1]));
      expect(b!(deal)).toBe(points(hand[suit], [4, 3, 2, 1]));
      expect(c!(deal)).toBe(hand[suit].length);
      const [l, ls, k, ks] = valuesOf(`action average loser(${seat}), average losers(${seat}, ${suit}), average control(${seat}), average controls(${seat}, ${suit})`);
      expect(l!(deal)).toBe(SUITS.reduce((t, x) => t + suitLosers(hand[x]), 0));
      expect(ls!(deal)).toBe(suitLosers(hand[suit]));
      expect(k!(deal)).toBe(points(all, [2, 1]));
      expect(ks!(deal)).toBe(points(hand[suit], [2, 1]));
      const [ace, top3, c13, pt1] = valuesOf(`action average hascard(${seat}, A${'SHDC'[s]}), average top3(${seat}, ${suit}), average c13(${seat}), average pt1(${seat})`);
      expect(ace!(deal)).toBe(hand[suit].includes('A') ? 1 : 0);
      expect(top3!(deal)).toBe(points(hand[suit], [1, 1, 1]));
      expect(c13!(deal)).toBe(points(all, [6, 4, 2, 1]));
      expect(pt1!(deal)).toBe(points(all, [0, 0, 0, 1]));
      const lengths = SUITS.map((x) => hand[x].length);
      const sorted = [...lengths].sort((x, y) => y - x).join('');
      const [shape] = valuesOf(`action average shape(${seat}, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)`);
      expect(shape!(deal)).toBe(['4333', '4432', '5332'].includes(sorted) && lengths[0] !== 5 && lengths[1] !== 5 ? 1 : 0);
    },
  );

  it('names defined above stand for their expressions; pointcount redefines hcp for what follows', () => {
    const deal = parseDeal('NESW'.repeat(13)); // N holds ♠A ♠9 ♠5 ♥K … : every fourth card
    const hand = handOf(deal, 0);
    const all = SUITS.map((x) => hand[x]).join('');
    const [x, y] = valuesOf('pointcount 1 1 1 1 1\nstrong = hcp(north) >= 3\nlen = spades(north) + hearts(north)\naction average strong, average len * 10 + hcp(north)');
    expect(x!(deal)).toBe(points(all, [1, 1, 1, 1, 1]) >= 3 ? 1 : 0);
    expect(y!(deal)).toBe((hand.spades.length + hand.hearts.length) * 10 + points(all, [1, 1, 1, 1, 1]));
  });
});

describe('parseDealerScript: commands', () => {
  it('reads generate, produce, dealer, vulnerable, predeal, condition and actions; comments of three kinds', () => {
    const script = parseDealerScript(`# a comment
generate 20000   // another
produce 25 /* and
a third */
dealer west
vulnerable ew
predeal south SAQ542, HKJ87, D32, CAK
   west D5
condition hcp(north) >= 11 and spades(north) >= 5
action printoneline, printpbn, average "points" hcp(north), frequency "spades" (spades(north), 5, 8)`);
    expect(script.generate).toBe(20000);
    expect(script.produce).toBe(25);
    expect(script.dealer).toBe('W');
    expect(script.vulnerable).toBe('EW');
    expect(script.constraint).toEqual({ north: { hcp: [11, 37], spades: [5, 13] }, predeal: { south: 'AQ542.KJ87.32.AK', west: '..5.' } });
    expect(script.actions.map((a) => a.kind)).toEqual(['printoneline', 'printpbn', 'average', 'frequency']);
    expect(script.actions[3]).toMatchObject({ label: 'spades', low: 5, high: 8, line: 10 });
  });

  it('defaults: printall, produce 40 when printing and 100,000 for statistics only, generate 10,000,000', () => {
    expect(parseDealerScript('condition hcp(north) > 10')).toMatchObject({ produce: 40, generate: 10_000_000, actions: [{ kind: 'printall' }] });
    expect(parseDealerScript('action average hcp(north)').produce).toBe(100_000);
    // dealer lets "condition" be left out
    expect(parseDealerScript('hcp(south) == 37').constraint).toEqual({ south: { hcp: [37, 37] } });
  });

  it('a countable condition becomes data (dealt exactly, counted); others a predicate (rejection)', () => {
    const data = parseDealerScript('n = hcp(north) >= 22\ncondition n && hcp(south) >= 10').constraint;
    expect(data).toEqual({ north: { hcp: [22, 37] }, south: { hcp: [10, 37] } });
    expect(countDeals(data)).toBeGreaterThan(0n);
    expect(typeof parseDealerScript('condition hcp(north) > 10 or hcp(south) > 10').constraint).toBe('function');
    expect(typeof parseDealerScript('pointcount 1 1 1 1 1\ncondition hcp(north) == 0').constraint).toBe('function');
    expect(parseDealerScript('predeal north SA\ncondition shape(north, 5xxx) or hascard(north, KS)').constraint).toMatchObject({ and: [{ predeal: { north: 'A...' } }, expect.any(Function)] });
  });

  it('whatever it cannot read is a RangeError naming the line and the construct', () => {
    const cases: [string, RegExp][] = [
      ['produce 10\n\ncondition tricks(north, sans) > 9', /line 3: expected a strain \(clubs, diamonds, hearts, spades or notrumps\) in tricks\(…\), found 'sans'/],
      ['produce 10\ncondition score(north) > 9', /line 2: score is not supported/],
      ['produce 10\naction printes "x"', /line 2: expected '\(' after printes/],
      ['action print(north, middle)', /line 1: expected a seat \(north, east, south, west\) in print\(…\), found 'middle'/],
      ['condition hcp(north) > 10 &&\n\n', /line 3: expected a number, a name or a function, found the end of the script/],
      ['condition hcp(nord) > 10', /line 1: expected a seat .* found 'nord'/],
      ['condition strong', /line 1: unknown name 'strong'/],
      ['condition shape(north, 4432x)', /line 1: a shape is four lengths/],
      ['predeal north SAK, XQ', /line 1: expected holdings .* found 'XQ'/],
      ['action frequency (hcp(north), 0, 10, hcp(south), 0, 10)', /two-dimensional frequency tables are not supported/],
      ['action frequency (hcp(north), 10, 0)', /low <= high/],
      ['generate 0', /generate must be at least 1/],
      ['condition hcp(north) > 40', /no deal satisfies the condition: it needs north\.hcp from 41 to 37/],
      ['condition 1 - 1', /no deal satisfies the condition: it is always false/],
      ['condition hcp(north) > 37 or shape(north, any 4333) and hcp(north) > 40', /no deal satisfies the condition: no alternative can hold \(it needs north\.hcp from 38 to 37; it needs north\.hcp from 41 to 37\)/],
      ['produce 1\naction average 5 / 0', /line 2: division by zero in '5 \/ 0'; a divisor must not be 0 for every deal/],
      ['condition hcp(north) % (2 - 2) > 1', /line 1: remainder of a division by zero in 'hcp\(north\) % \(2 - 2\)'/],
      ['altcount 1 2 3', /altcount .* is not supported/],
      ['"text"', /line 1: expected a command/],
      ['condition "text"', /line 1: expected a number, a name or a function, found '"text"'/],
      ['hcp(north) > 3 /* open', /line 1: a comment \/\* … is never closed/],
      ['condition hcp(north) >= 10\npointcount 1 1', /line 2: pointcount must come before the first use of hcp/],
      ['condition hascard(north, 1S)', /expected a card such as AS/],
    ];
    for (const [text, message] of cases) expectError(() => parseDealerScript(text), RangeError, message);
    expectError(() => parseDealerScript(42 as unknown as string), TypeError, /got 42/);
  });

  prop([fuzzText('generate produce predeal north south condition action printall average frequency hcp(north) spades shape any 4333 + - x , ( ) == && || ! ? : " # / * SAK 0123456789 and or not')])(
    'arbitrary text gives only our errors',
    (text) => {
      onlyOurErrors(() => parseDealerScript(text));
    },
  );
});

describe('runDealerScript', () => {
  it('deals exactly when it can, by rejection otherwise; every deal satisfies the condition; reproducible', () => {
    const exact = runAll('condition hcp(north) >= 20 and spades(south) >= 5\naction printoneline', { seed: 1, produce: 30 });
    expect(exact.report).toMatchObject({ method: 'exact', produced: 30, generated: 30 });
    for (const deal of exact.deals) expect(points(SUITS.map((x) => deal.hands.N[x]).join(''), [4, 3, 2, 1])).toBeGreaterThanOrEqual(20);
    expect(runAll('condition hcp(north) >= 20 and spades(south) >= 5\naction printoneline', { seed: 1, produce: 30 }).deals.map((d) => d.toPbn())).toEqual(exact.deals.map((d) => d.toPbn()));
    const rejection = runAll('condition shape(north, any 5431) or hcp(north) > 15', { seed: 2, produce: 30 });
    expect(rejection.report.method).toBe('rejection');
    expect(rejection.report.generated).toBeGreaterThanOrEqual(30);
  });

  it('averages and frequency tables over the produced deals, with Low and High rows', () => {
    const { deals, report } = runAll('produce 200\naction average "sp" spades(north), frequency "pts" (hcp(north), 8, 12)', { seed: 3 });
    const spades = deals.map((d) => d.hands.N.spades.length);
    expect(report.averages).toEqual([{ label: 'sp', text: 'spades(north)', value: spades.reduce((a, b) => a + b, 0) / 200 }]);
    const hcps = deals.map((d) => points(SUITS.map((x) => d.hands.N[x]).join(''), [4, 3, 2, 1]));
    expect(report.frequencies[0]).toEqual({
      label: 'pts', text: 'hcp(north)', low: 8, high: 12, below: hcps.filter((h) => h < 8).length, above: hcps.filter((h) => h > 12).length,
      counts: [8, 9, 10, 11, 12].map((v) => hcps.filter((h) => h === v).length),
    });
    expect(formatScriptReport({ ...report, averages: [{ label: '', text: 'x', value: 1.5 }], frequencies: [] })).toBe('1.5\nProduced 200 hands, dealt exactly (none rejected)');
    expect(formatScriptReport(report)).toMatch(/^sp: [\d.]+\nFrequency pts:\nLow\t +\d+\n    8\t +\d+\n(.*\n){4}High\t +\d+\nProduced 200 hands, dealt exactly \(none rejected\)$/);
  });

  it('predealt cards stay put, with a condition that is not countable (rejection around them) and with a shape (exact)', () => {
    const predeal = 'predeal south SAQ542, HKJ87, D32, CAK\n';
    const { deals, report } = runAll(`${predeal}condition shape(west, any 4333 + any 4432) and hcp(west) > 12 and losers(west) < 9\naction printall`, { seed: 4, produce: 10 });
    expect(report.method).toBe('rejection');
    for (const deal of deals) expect(deal.toPbn().split(' ')[2]).toBe('AQ542.KJ87.32.AK');
    const exact = runAll(`${predeal}condition shape(west, any 4333 + any 4432) and hcp(west) > 12\naction printall`, { seed: 4, produce: 10 });
    expect(exact.report.method).toBe('exact');
    for (const deal of exact.deals) {
      expect(deal.toPbn().split(' ')[2]).toBe('AQ542.KJ87.32.AK');
      expect(['4333', '4432']).toContain(shapeOf(deal, 'W'));
      expect(hcp(deal, 'W')).toBeGreaterThan(12);
    }
  });

  it('an impossible countable condition says so at once', () => {
    expectError(() => runAll('condition spades(north) == 13 and hearts(north) == 1'), RangeError, /no deal satisfies/);
  });
});

describe('formatScriptDeal', () => {
  const oneLineAction = parseDealerScript('action printoneline').actions[0]!;
  prop([dealArb, fc.integer({ min: 1, max: 40 })])('one line, PBN records and four hands side by side, as dealer prints them', (deal, board) => {
    const hands = deal.toPbn().slice(2).split(' ');
    expect(formatScriptDeal(deal, 'printoneline', board)).toBe(`n ${hands[0]} e ${hands[1]} s ${hands[2]} w ${hands[3]}`);
    // The action's own one-line form (made from the cards' holders) is the same text.
    expect(formatScriptAction(oneLineAction, deal, board)).toBe(`n ${hands[0]} e ${hands[1]} s ${hands[2]} w ${hands[3]}`);
    const pbn = formatScriptDeal(deal, 'printpbn', board, { dealer: 'S' });
    expect(pbn).toContain(`[Board "${board}"]\n`);
    expect(pbn).toContain('[Dealer "S"]\n');
    expect(pbn).toContain(`[Deal "${deal.toPbn()}"]\n`);
    const all = formatScriptDeal(deal, 'printall', board).split('\n');
    expect(all[0]).toBe(`${String(board).padStart(4)}.`);
    for (let s = 0; s < 4; s++) {
      const cells = hands.map((h) => h.split('.')[s]!).map((r) => (r === '' ? '-' : [...r].join(' ')));
      expect(all[s + 1]!.split(/ {2,}/).map((c) => c.trim())).toEqual(cells.map((c) => c.trim()));
    }
    expectError(() => formatScriptDeal(deal, 'printes' as 'printall', 1), RangeError, /printes/);
  });
});

describe('print actions as dealer 20211121 prints them', () => {
  // dealer -s 3 with "produce 1" and each action printed this deal; trailing spaces aside, the layouts are its own.
  const deal = parseDeal('NNNNNNNNNNNNNEEEEEEEEEEEEESSSSSSSSSSSSSWWWWWWWWWWWWW');
  const dealer = parseDeal(
    // N:653.A94.T8.AKJ74 E:KT9.KQT83.Q7.Q85 S:AQ872.76.AKJ64.3 W:J4.J52.9532.T962 as a letter string, card ♠A first
    [...'AKQJT98765432'].map((r) => ({ A: 'S', K: 'E', Q: 'S', J: 'W', T: 'E', 9: 'E', 8: 'S', 7: 'S', 6: 'N', 5: 'N', 4: 'W', 3: 'N', 2: 'S' })[r]).join('') +
      [...'AKQJT98765432'].map((r) => ({ A: 'N', K: 'E', Q: 'E', J: 'W', T: 'E', 9: 'N', 8: 'E', 7: 'S', 6: 'S', 5: 'W', 4: 'N', 3: 'E', 2: 'W' })[r]).join('') +
      [...'AKQJT98765432'].map((r) => ({ A: 'S', K: 'S', Q: 'E', J: 'S', T: 'N', 9: 'W', 8: 'N', 7: 'E', 6: 'S', 5: 'W', 4: 'S', 3: 'W', 2: 'W' })[r]).join('') +
      [...'AKQJT98765432'].map((r) => ({ A: 'N', K: 'N', Q: 'E', J: 'N', T: 'W', 9: 'W', 8: 'E', 7: 'N', 6: 'W', 5: 'E', 4: 'N', 3: 'S', 2: 'W' })[r]).join(''),
  );
  const actions = parseDealerScript('action printoneline(hcp(north)), printall, printew, printcompact(spades(north)), printes("hcp N ", hcp(north), " sp ", spades(north), "\n")').actions;
  const shown = actions.map((a) => formatScriptAction(a, dealer, 1));

  it('printoneline with an expression, printall, printew, printcompact with an expression, printes', () => {
    expect(dealer.toPbn()).toBe('N:653.A94.T8.AKJ74 KT9.KQT83.Q7.Q85 AQ872.76.AKJ64.3 J4.J52.9532.T962');
    expect(shown[0]).toBe('n 653.A94.T8.AKJ74 e KT9.KQT83.Q7.Q85 s AQ872.76.AKJ64.3 w J4.J52.9532.T962 12');
    expect(shown[1]).toBe(
      '   1.\n6 5 3               K T 9               A Q 8 7 2           J 4\nA 9 4               K Q T 8 3           7 6                 J 5 2\nT 8                 Q 7                 A K J 6 4           9 5 3 2\nA K J 7 4           Q 8 5               3                   T 9 6 2\n',
    );
    expect(shown[2]).toBe('J 4                 K T 9\nJ 5 2               K Q T 8 3\n9 5 3 2             Q 7\nT 9 6 2             Q 8 5\n');
    expect(shown[3]).toBe('n 653.A94.T8.AKJ74\ne KT9.KQT83.Q7.Q85\ns AQ872.76.AKJ64.3\nw J4.J52.9532.T962\n3');
    expect(shown[4]).toBe('hcp N 12 sp 3\n');
    expect(formatScriptDeal(deal, 'printcompact', 1).split('\n')[0]).toBe('n AKQJT98765432...');
    expectError(() => formatScriptAction(parseDealerScript('action average hcp(north)').actions[0]!, deal, 1), RangeError, /print actions; got 'average'/);
  });

  it('print(seats): a page per seat after the run, four deals across, numbered, ended by a form feed', () => {
    const [print] = parseDealerScript('action print(north, west)').actions;
    const deals = [dealer, deal, dealer, deal, dealer];
    const pages = formatScriptPages(print as Extract<ScriptAction, { kind: 'print' }>, deals);
    const [north, west, rest] = pages.split('\f');
    expect(rest).toBe('');
    expect(north).toBe(
      '\n\nNorth hands:\n\n\n\n' +
        '   1.                  2.                  3.                  4.\n' +
        '6 5 3               A K Q J T 9 8 7 6 5 4 3 2  6 5 3               A K Q J T 9 8 7 6 5 4 3 2\n' +
        'A 9 4               -                   A 9 4               -\n' +
        'T 8                 -                   T 8                 -\n' +
        'A K J 7 4           -                   A K J 7 4           -\n\n' +
        '   5.\n6 5 3\nA 9 4\nT 8\nA K J 7 4\n\n',
    );
    expect(west!.startsWith('\n\nWest hands:\n\n\n\n   1.')).toBe(true);
    expect(formatScriptAction(print!, dealer, 1)).toBe('');
    expectError(() => formatScriptPages({ kind: 'average' } as never, deals), TypeError, /print\(seats\) action/);
  });
});

describe('parseDealerScript: hostile input', () => {
  const chain = (unit: string, n: number, end = ''): string => unit.repeat(n) + end;
  it('refuses expressions too deep to walk with a line naming it, never an engine message', () => {
    const cases: [string, RegExp][] = [
      [`condition ${chain('!', 9000)}(hcp(north) >= 1)`, /line 1: the expression is nested too deeply: more than 200 levels of parentheses, \?: and unary operators/],
      [`condition ${chain('-', 9000)}hcp(north) >= 1`, /nested too deeply: more than 200 levels/],
      [`condition ${chain('not ', 9000)}hcp(north) >= 1`, /nested too deeply: more than 200 levels/],
      [`condition ${chain('(', 9000)}1${chain(')', 9000)}`, /nested too deeply: more than 200 levels/],
      [`condition ${chain('1 ? 1 : ', 30_000)}1`, /nested too deeply: more than 200 levels/],
      [`condition ${chain('1 + ', 100_000)}1 > 0`, /line 1: the expression is nested too deeply: more than 1,000 levels of operators/],
      [`condition ${chain('hcp(north) > 1 && ', 30_000)}1`, /more than 1,000 levels of operators/],
      [`condition ${chain('hcp(north) > 1 || ', 30_000)}1`, /more than 1,000 levels of operators/],
      [`a0 = hcp(north)\n${Array.from({ length: 2000 }, (_, k) => `a${k + 1} = a${k} + 1`).join('\n')}\ncondition a2000 > 0`, /more than 1,000 levels of operators/],
      [`a0 = hcp(north)\n${Array.from({ length: 60 }, (_, k) => `a${k + 1} = a${k} + a${k}`).join('\n')}\ncondition a60 > 0`, /the expression is too large: more than 100,000 operations for each deal once its names are expanded/],
    ];
    for (const [text, message] of cases) expectError(() => parseDealerScript(text), RangeError, message);
  });

  it('takes chains up to the limit and evaluates them', () => {
    const [sum] = valuesOf(`action average ${chain('1 + ', 999)}1`);
    expect(sum!(parseDeal('NESW'.repeat(13)))).toBe(1000);
    const [nested] = valuesOf(`action average ${chain('-(', 61)}1${chain(')', 61)}`);
    expect(nested!(parseDeal('NESW'.repeat(13)))).toBe(-1);
  });

  prop([dealArb, fc.constantFrom('/', '%'), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })])(
    'a divisor that is zero for every deal is refused; one that is zero for some deals gives 0 there',
    (deal, op, a, b) => {
      const constant = `action average hcp(north) ${op} (${a} - ${b})`;
      if (a === b) expectError(() => parseDealerScript(constant), RangeError, /line 1: (division|remainder of a division) by zero in 'hcp\(north\) [/%] \(\d - \d\)'/);
      else {
        const h = points(SUITS.map((x) => handOf(deal, 0)[x]).join(''), [4, 3, 2, 1]);
        expect(valuesOf(constant)[0]!(deal)).toBe(op === '/' ? Math.trunc(h / (a - b)) : h % (a - b));
      }
      const [value] = valuesOf(`action average hcp(north) ${op} spades(north)`);
      const hand = handOf(deal, 0);
      const h = points(SUITS.map((x) => hand[x]).join(''), [4, 3, 2, 1]);
      const s = hand.spades.length;
      expect(value!(deal)).toBe(s === 0 ? 0 : op === '/' ? Math.trunc(h / s) : h % s);
    },
  );

  it('an alternative that cannot hold drops out: the one left is dealt exactly', () => {
    const script = parseDealerScript('condition hcp(north) > 40 or hcp(north) >= 36\nproduce 3');
    expect(script.constraint).toEqual({ north: { hcp: [36, 37] } });
    const { deals, report } = runAll('condition hcp(north) > 40 or hcp(north) >= 36\nproduce 3', { seed: 1 });
    expect(report.method).toBe('exact');
    expect(deals).toHaveLength(3);
  });

  it('says once, through onNoMatch, that rejection has found nothing yet', () => {
    const calls: number[] = [];
    const options = { seed: 1, noMatchAfter: 0, onNoMatch: (n: number) => calls.push(n) };
    expectError(() => runAll('generate 5000\ncondition hcp(north) + hcp(south) > 80\nproduce 1', options), RangeError, /no deal satisfies .* in 5,000 random deals/);
    expect(calls).toHaveLength(1);
    expect(calls[0]! % 256).toBe(0);
    expect(calls[0]!).toBeGreaterThan(0);
  });
});
