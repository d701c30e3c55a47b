// Deals to order: uniform over exactly the deals that satisfy a constraint. A countable constraint is sampled without
// rejection (the seat's hand is drawn suit by suit, each choice weighted by its number of completions, then the other
// 39 cards are shuffled to the other seats); anything else by rejection with the compiled matcher, within a budget.
import { stopper } from '@puzzles/kit/budget';
import { bigBelow, below, wordSource } from '@puzzles/kit/random';
import { numberOfDeal } from '../numbering/bridge.js';
import { compileConstraint, predealMasks, type Constraint } from './constraint.js';
import { countPlan, isNothing, suitChoices, whyNotCountable, type OneSeatCount, type ShapeSeatsCount, type TwoSeatCount } from './count.js';
import { Deal } from '../numbering/deal.js';
import { describeValue, optionsOf } from '../errors.js';
import { samplePair } from './pair.js';
import { samplePoints } from './points.js';
import { sampleShapes } from './shape-count.js';
import { signatureOf } from '../numbering/signature.js';

/** Options of `sampleDeals`. */
export interface SampleOptions {
  /** How many deals (default 1). */
  readonly count?: number;
  /** Any number, bigint or string: the same seed gives the same deals. */
  readonly seed?: number | bigint | string;
  /** A source of uniform numbers in [0, 1), used when no seed is given (cryptographically random otherwise). */
  readonly random?: () => number;
  /** Stops the sampling when aborted. */
  readonly signal?: AbortSignal;
  /** Stops the sampling after this many milliseconds. */
  readonly timeout?: number;
  /** Rejection sampling gives up after this many random deals in all (default 100,000,000). */
  readonly maxAttempts?: number;
  /** Give each deal its page number in both editions too (`page`: Andrews', `pavlicekPage`: Pavlicek's). */
  readonly pages?: boolean;
  /**
   * Called once, with the number of random deals tried, when rejection sampling has found no deal for
   * `noMatchAfter` milliseconds (the condition may be impossible): for saying so while the search goes on.
   */
  readonly onNoMatch?: (attempts: number) => void;
  /** How long rejection sampling looks before `onNoMatch` is called, in milliseconds (default 3,000). */
  readonly noMatchAfter?: number;
}

/** One sampled deal, with its page number when asked. */
export interface SampledDeal {
  /** The deal. */
  deal: Deal;
  /** Its page number in the book (Andrews' edition), when `pages` was asked. */
  page?: bigint;
  /** Its page number in Pavlicek's edition, when `pages` was asked. */
  pavlicekPage?: bigint;
}

/** How sampling went: the deals and, when it stopped early, why. */
export interface SampleResult {
  /** The deals drawn, uniform over the deals that satisfy the constraint. */
  deals: SampledDeal[];
  /** `'exact'` (no rejection) or `'rejection'`. */
  method: 'exact' | 'rejection';
  /** Random deals tried by rejection sampling (0 for exact sampling). */
  attempts: number;
  /** Why it stopped before `count` deals, if it did. */
  stopped?: 'aborted' | 'timeout' | 'maxAttempts';
}

/** Draws `count` deals uniformly among the deals that satisfy a constraint (throws RangeError when none does). */
export function sampleDeals(constraint: Constraint, sampleOptions?: SampleOptions): SampleResult {
  const deals: SampledDeal[] = [];
  const stream = streamDeals(constraint, sampleOptions);
  for (let next = stream.next(); ; next = stream.next()) {
    if (next.done === true) return { deals, ...next.value };
    deals.push(next.value);
  }
}

/**
 * The deals of `sampleDeals` one at a time, for printing as they come: yields each deal, and returns how it went
 * (`method`, `attempts`, `stopped`).
 */
export function* streamDeals(constraint: Constraint, sampleOptions?: SampleOptions): Generator<SampledDeal, Omit<SampleResult, 'deals'>, undefined> {
  const options = optionsOf(sampleOptions, 'sampleDeals') as SampleOptions;
  const count = options.count ?? 1;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer; got ${describeValue(count)}`);
  const maxAttempts = options.maxAttempts ?? 100_000_000;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new RangeError(`maxAttempts must be a positive integer; got ${describeValue(maxAttempts)}`);
  }
  const { onNoMatch, noMatchAfter = 3000 } = options;
  if (onNoMatch !== undefined && typeof onNoMatch !== 'function') throw new TypeError(`onNoMatch must be a function; got ${describeValue(onNoMatch)}`);
  if (typeof noMatchAfter !== 'number' || !(noMatchAfter >= 0)) {
    throw new RangeError(`noMatchAfter must be a number of milliseconds, 0 or more; got ${describeValue(noMatchAfter)}`);
  }
  const stop = stopper({ signal: options.signal, timeout: options.timeout }, 64);
  const word = wordSource(options);
  const signature = signatureOf([13, 13, 13, 13]);
  const item = (deal: Deal): SampledDeal =>
    options.pages ? { deal, page: numberOfDeal(deal), pavlicekPage: numberOfDeal(deal, { edition: 'pavlicek' }) } : { deal };
  if (isNothing(constraint)) throw new RangeError(`no deal satisfies ${describeValue(constraint)} (an empty or)`);
  if (whyNotCountable(constraint) === undefined) {
    const plan = countPlan(constraint);
    const none = 'one' in plan ? plan.one.hands === 0n : 'shape' in plan ? plan.shape.plan.pairs === 0n : 'points' in plan ? plan.points.pairs === 0n : plan.two.plan.pairs === 0n;
    if (none) throw new RangeError(`no deal satisfies ${describeValue(constraint)}`);
    // The sampler is chosen once, not for every deal.
    const holdersOf: () => Uint8Array =
      'one' in plan ? () => exactHolders(plan.one, word)
      : 'shape' in plan ? () => shapeHolders(plan.shape, word)
      : 'points' in plan ? () => samplePoints(plan.points, word)
      : () => pairHolders(plan.two, word);
    const pages = options.pages === true;
    for (let i = 0; i < count; i++) {
      if (stop.check()) return { method: 'exact', attempts: 0, stopped: stop.reason! };
      const deal = new Deal(signature, holdersOf());
      yield pages ? item(deal) : { deal };
    }
    return { method: 'exact', attempts: 0 };
  }
  // (A countable constraint was checked by countPlan; anything else is checked and compiled here, for rejection.)
  const test = compileConstraint(constraint);
  // Rejection: each attempt shuffles a deck (Fisher–Yates, Lemire's multiply for unbiased draws) straight into suit
  // masks; the Deal is made only for deals that pass (or for every attempt when a user predicate needs it).
  const withDeal = needsDeal(constraint);
  // Cards every satisfying deal gives to fixed seats (predeal) are placed once; only the others are shuffled.
  const fixed = fixedCards(constraint);
  const deck: number[] = [];
  const seatOfPosition: number[] = [];
  for (let c = 0; c < 52; c++) if (!fixed.some((m, i) => (i & 3) === SUIT_OF[c] && m & BIT_OF[c]!)) deck.push(c);
  for (let q = 0; q < 4; q++) {
    let held = 0;
    for (let s = 0; s < 4; s++) held += popCount(fixed[q * 4 + s]!);
    for (let k = held; k < 13; k++) seatOfPosition.push(q * 4);
  }
  const cards = Uint8Array.from(deck);
  const seatOf = Uint8Array.from(seatOfPosition);
  const masks = new Uint16Array(16);
  let attempts = 0;
  let found = 0;
  // onNoMatch is called at most once, on a check every 256 attempts, once the time is up and nothing was found.
  let notice = onNoMatch;
  const noticeAt = notice === undefined ? Infinity : now() + noMatchAfter;
  while (found < count) {
    if (attempts >= maxAttempts) {
      if (found === 0) throw new RangeError(`no deal satisfies ${describeValue(constraint)} in ${maxAttempts.toLocaleString('en-US')} random deals (maxAttempts)`);
      return { method: 'rejection', attempts, stopped: 'maxAttempts' };
    }
    if ((attempts & 255) === 0) {
      if (stop.check()) return { method: 'rejection', attempts, stopped: stop.reason! };
      if (notice !== undefined && attempts > 0 && found === 0 && now() >= noticeAt) {
        const call = notice;
        notice = undefined;
        call(attempts);
      }
    }
    attempts++;
    shuffleDeck(cards, word);
    masks.set(fixed);
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i]!;
      masks[seatOf[i]! + SUIT_OF[c]!]! |= BIT_OF[c]!;
    }
    const deal = withDeal ? new Deal(signature, holdersOfMasks(masks)) : (undefined as unknown as Deal);
    if (test(masks, deal)) {
      found++;
      yield item(withDeal ? deal : new Deal(signature, holdersOfMasks(masks)));
    }
  }
  return { method: 'rejection', attempts };
}

const now = (): number => (globalThis.performance ?? Date).now();

/** Per card, its suit and its bit in the suit's mask. */
const SUIT_OF = /* @__PURE__ */ Uint8Array.from({ length: 52 }, (_, c) => (c / 13) | 0);
const BIT_OF = /* @__PURE__ */ Uint16Array.from({ length: 52 }, (_, c) => 1 << c % 13);

function popCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/** The 16 masks of cards a constraint fixes to seats: its predeal, or its `and` parts' predeals together. */
function fixedCards(constraint: Constraint): Uint16Array {
  const fixed = new Uint16Array(16);
  if (typeof constraint !== 'object' || constraint === null) return fixed;
  const parts = 'and' in constraint ? constraint.and : 'or' in constraint || 'not' in constraint ? [] : [constraint];
  for (const part of parts) {
    if (typeof part !== 'object' || part === null || !('predeal' in part) || part.predeal === undefined) continue;
    const masks = predealMasks(part.predeal);
    for (let i = 0; i < 16; i++) {
      for (let q = 0; q < 4; q++) {
        if (q !== i >> 2 && fixed[q * 4 + (i & 3)]! & masks[i]!) throw new RangeError(`predeal gives a card to two seats in ${describeValue(constraint)}`);
      }
      fixed[i]! |= masks[i]!;
    }
  }
  for (let q = 0; q < 4; q++) {
    let held = 0;
    for (let s = 0; s < 4; s++) held += popCount(fixed[q * 4 + s]!);
    if (held > 13) throw new RangeError(`predeal gives more than 13 cards to ${'NESW'[q]} in ${describeValue(constraint)}`);
  }
  return fixed;
}

/** Whether a constraint holds a user predicate (which needs a Deal for every attempt). */
function needsDeal(constraint: Constraint): boolean {
  if (typeof constraint === 'function') return true;
  if (typeof constraint !== 'object' || constraint === null) return false;
  if ('and' in constraint) return constraint.and.some(needsDeal);
  if ('or' in constraint) return constraint.or.some(needsDeal);
  if ('not' in constraint) return needsDeal(constraint.not);
  return false;
}

/**
 * Shuffles the deck uniformly in place: Fisher–Yates, each draw from 10 bits of a 32-bit word (three draws a word) by
 * Lemire's multiply, rejecting the few values that would bias it.
 */
function shuffleDeck(deck: Uint8Array, word: () => number): void {
  let bits = 0;
  let left = 0;
  for (let i = deck.length - 1; i > 0; i--) {
    const bound = i + 1;
    const threshold = 1024 % bound;
    let m: number;
    do {
      if (left === 0) {
        bits = word();
        left = 3;
      }
      m = (bits & 1023) * bound;
      bits >>>= 10;
      left--;
    } while ((m & 1023) < threshold);
    const j = m >> 10;
    const t = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = t;
  }
}

/** The holders of a deal given by its 16 suit masks. */
function holdersOfMasks(masks: Uint16Array): Uint8Array {
  const holders = new Uint8Array(52);
  for (let i = 0; i < 16; i++) {
    const q = i >> 2;
    const base = (i & 3) * 13;
    for (let m = masks[i]!; m !== 0; m &= m - 1) holders[base + 31 - Math.clz32(m & -m)] = q;
  }
  return holders;
}

/** A uniform deal among those that satisfy a countable constraint: the seat's hand by the DP, the rest shuffled. */
function exactHolders(dp: OneSeatCount, word: () => number): Uint8Array {
  const { stages, seat } = dp;
  let pick = bigBelow(word, dp.hands);
  let points = dp.hcp[0];
  for (; points <= dp.hcp[1]; points++) {
    const w = stages[4]![13 * 38 + points]!;
    if (pick < w) break;
    pick -= w;
  }
  let len = 13;
  const holders = new Uint8Array(52).fill(255);
  for (let s = 3; s >= 0; s--) {
    const before = stages[s]!;
    const total = stages[s + 1]![len * 38 + points]!;
    let r = bigBelow(word, total);
    dp.choices ??= [0, 1, 2, 3].map((t) => suitChoices(dp.fixed[t]!, dp.suitRanges[t]!));
    for (const choice of dp.choices[s]!) {
      if (choice.len > len || choice.points > points) continue;
      const w = before[(len - choice.len) * 38 + points - choice.points]! * choice.weight;
      if (r >= w) {
        r -= w;
        continue;
      }
      for (let rank = 0; rank < 13; rank++) if (choice.mask & (1 << rank)) holders[s * 13 + rank] = seat;
      const free: number[] = [];
      for (let rank = 4; rank < 13; rank++) if (!(choice.mask & (1 << rank))) free.push(rank);
      for (let k = 0; k < choice.spots; k++) {
        const j = k + below(word, free.length - k);
        [free[k], free[j]] = [free[j]!, free[k]!];
        holders[s * 13 + free[k]!] = seat;
      }
      len -= choice.len;
      points -= choice.points;
      break;
    }
  }
  const rest: number[] = [];
  for (let c = 0; c < 52; c++) if (holders[c] === 255) rest.push(c);
  const others = [0, 1, 2, 3].filter((q) => q !== seat);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = below(word, i + 1);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  rest.forEach((c, i) => {
    holders[c] = others[(i / 13) | 0]!;
  });
  return holders;
}

/** A uniform deal among those that satisfy a two-seat constraint: both hands by the DP, the rest dealt at random. */
function pairHolders(two: TwoSeatCount, word: () => number): Uint8Array {
  const masks = samplePair(two.plan, word);
  const [a, b] = two.seats;
  const [o1, o2] = two.others;
  const holders = new Uint8Array(52).fill(255);
  for (let s = 0; s < 4; s++) {
    for (let rank = 0; rank < 13; rank++) {
      const bit = 1 << rank;
      const c = s * 13 + rank;
      if (masks[s]! & bit) holders[c] = a;
      else if (masks[4 + s]! & bit) holders[c] = b;
      else if (two.fixed[o1 * 4 + s]! & bit) holders[c] = o1;
      else if (two.fixed[o2 * 4 + s]! & bit) holders[c] = o2;
    }
  }
  let need1 = 13;
  let free = 0;
  const rest = new Uint8Array(52);
  for (let c = 0; c < 52; c++) {
    if (holders[c] === o1) need1--;
    else if (holders[c] === 255) rest[free++] = c;
  }
  // A uniform choice of the free cards for o1 (a partial Fisher–Yates); o2 gets the others.
  for (let i = 0; i < need1; i++) {
    const j = i + below(word, free - i);
    const t = rest[i]!;
    rest[i] = rest[j]!;
    rest[j] = t;
    holders[rest[i]!] = o1;
  }
  for (let i = need1; i < free; i++) holders[rest[i]!] = o2;
  return holders;
}

/** A uniform deal among those that satisfy a shape constraint: one or two hands by the DP, the rest dealt at random. */
function shapeHolders(dp: ShapeSeatsCount, word: () => number): Uint8Array {
  const masks = sampleShapes(dp.plan, word);
  const holders = new Uint8Array(52).fill(255);
  const need = [13, 13, 13, 13];
  for (let s = 0; s < 4; s++) {
    for (let rank = 0; rank < 13; rank++) {
      const bit = 1 << rank;
      const c = s * 13 + rank;
      if (masks[s]! & bit) holders[c] = dp.seats[0]!;
      else if (masks[4 + s]! & bit) holders[c] = dp.seats[1]!;
      else for (let q = 0; q < 4; q++) if (!dp.seats.includes(q) && dp.fixed[q * 4 + s]! & bit) holders[c] = q;
      if (holders[c] !== 255) need[holders[c]!]!--;
    }
  }
  let free = 0;
  const rest = new Uint8Array(52);
  for (let c = 0; c < 52; c++) if (holders[c] === 255) rest[free++] = c;
  // A uniform split of the free cards among the other seats (a partial Fisher–Yates, seat after seat).
  let i = 0;
  for (let q = 0; q < 4; q++) {
    if (dp.seats.includes(q)) continue;
    for (let k = 0; k < need[q]!; k++, i++) {
      const j = i + below(word, free - i);
      const t = rest[i]!;
      rest[i] = rest[j]!;
      rest[j] = t;
      holders[rest[i]!] = q;
    }
  }
  return holders;
}
