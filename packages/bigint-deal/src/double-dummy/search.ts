// The double-dummy search: how many tricks North-South take from a position when all four hands play perfectly, with
// every card in view. One source, two builds: this file is plain TypeScript over 32-bit integers and typed arrays, run
// as JavaScript where WebAssembly is refused, and compiled by AssemblyScript into WebAssembly (scripts/build-wasm.mjs
// swaps the import below for AssemblyScript's instructions). Keep it to what both languages mean the same way: no
// division, no objects, no strings, integers that stay within 32 bits (products through mul32).
//
// The method is the one the published double-dummy solvers use (Ginsberg's partition search, Bo Haglund and Soren
// Hein's DDS): a null-window alpha-beta search ("can North-South take at least t tricks?") driven to the exact value
// by moving t (MTD(f)); a transposition table at the start of each trick whose bounds hold for every position with the
// same lengths and the same owners of the cards that decided them (relative ranks: cards already played do not count;
// winning ranks: smaller cards did not matter); quick tricks, sure trump tricks and the tricks the side not on lead is
// sure of later (its top trumps, a guarded second trump, a side needing every trick but commanding too few) that cut a
// trick start short; equal cards (touching once played cards are ignored) tried once, the highest for all (a winner's
// equals count among the winning ranks, as in DDS); the smaller cards of a suit skipped once one failed below every
// rank that mattered; and a move order that tries likely-best cards first: for leads, who holds each suit's three
// highest cards (sure winners, sequences that drive out a top card, leads through a top card toward partner's next),
// the cards the opponents may play to it, and the lead that refuted last at the same depth; for the third hand, the
// card that drives out the fourth hand's top; discards from long suits, keeping winners and guards.
//
// Seats: 0 North, 1 East, 2 South, 3 West (North-South even). Suits: 0 spades, 1 hearts, 2 diamonds, 3 clubs;
// strain 4 is notrump. A hand is four 13-bit masks, bit 0 the two and bit 12 the ace. A card in a move is suit << 4 | rank.
import { type i32, type f64, type bool, clz32, popcnt32, mul32, nowMs } from './portable.js';

const NOTRUMP: i32 = 4;
const MAX_DEPTH: i32 = 56;

/** hands[seat * 4 + suit]: the cards still held. */
const hands = new Int32Array(16);
/** The cards of the trick in progress, per suit (they still separate equal cards). */
const inTrick = new Int32Array(4);
let trump: i32 = NOTRUMP;

/** Candidate cards and their order scores, 16 per depth. */
const moves = new Int32Array(MAX_DEPTH * 16);
const scores = new Int32Array(MAX_DEPTH * 16);
/** The winning ranks of the search at each depth: per suit, the cards whose rank its result depends on. */
const ranks_ = new Int32Array(MAX_DEPTH * 4 + 4);
/** The lead that last refuted the alternatives at each depth (-1 for none): tried early at the same depth. */
const killer = new Int32Array(MAX_DEPTH);
/** The quick tricks' winning ranks. */
const quickRanks = new Int32Array(4);

// Relative ranks: the key of a suit is who holds each remaining card, from the lowest up, two bits a card.
const pextLow = new Int32Array(128 * 128);
const pextHigh = new Int32Array(64 * 64);
const spread = new Int32Array(8192);

// The transposition table: buckets of BUCKET entries of ENTRY integers, found by the hands' lengths:
// [lengths of N and E (4 bits a suit), lengths of S and W, meta (leader | strain << 2),
//  owners of the top cards of each suit (4 integers), how many top cards of each suit (4 bits a suit),
//  lower | upper << 8 (bounds on North-South's tricks), best lead (suit << 4 | cards above it), age << 4 | tricks].
// A bound holds for every position with these lengths whose top cards lie as recorded: the smaller cards did not matter
// (the winning ranks of partition search). Beside the entries, one tag per entry (a hash of the key its bucket was
// picked by, 0 when empty), side by side per bucket: a lookup reads the tags, a few cache lines a bucket, and only the
// entries whose tag is the position's. A bucket fills from its front and no entry is ever emptied but by clearTable,
// so the first empty tag ends a bucket.
const ENTRY: i32 = 11;
const BUCKET: i32 = 64;
const LEVEL1: i32 = 1;
const LEVEL2: i32 = 2;
let table = new Int32Array(ENTRY * BUCKET);
let tags = new Int32Array(BUCKET);
/** The tag of the key bucketOf() last hashed (never 0). */
let bucketTag: i32 = 1;
let bucketMask: i32 = 0;
let age: i32 = 0;

let nodes: f64 = 0;
let nodeLimit: f64 = 1e300;
let deadline: f64 = 1e300;
let nextCheck: f64 = 0;
let stopped: bool = false;

/** Fills the lookup tables and makes a transposition table of 2^log2Buckets buckets (3072 bytes each). */
export function init(log2Buckets: i32): void {
  for (let mask = 0; mask < 128; mask++) {
    for (let x = 0; x < 128; x++) {
      let out = 0;
      let k = 0;
      for (let bit = 0; bit < 7; bit++) {
        if ((mask >> bit) & 1) {
          if ((x >> bit) & 1) out |= 1 << k;
          k++;
        }
      }
      if (x < 64 && mask < 64) pextHigh[(mask << 6) | x] = out;
      pextLow[(mask << 7) | x] = out;
    }
  }
  for (let x = 0; x < 8192; x++) {
    let out = 0;
    for (let bit = 0; bit < 13; bit++) if ((x >> bit) & 1) out |= 1 << (bit << 1);
    spread[x] = out;
  }
  const buckets = 1 << log2Buckets;
  table = new Int32Array(buckets * BUCKET * ENTRY);
  tags = new Int32Array(buckets * BUCKET);
  bucketMask = buckets - 1;
  clearTable();
  age = 0;
}

/** Empties the transposition table and forgets the leads that refuted (a search depends on nothing before it). */
export function clearTable(): void {
  tags.fill(0);
  for (let k = 0; k < MAX_DEPTH; k++) killer[k] = -1;
}

/** Sets the cards a seat holds in a suit. */
export function setHand(seat: i32, suit: i32, mask: i32): void {
  hands[seat * 4 + suit] = mask;
}

/** Sets the cards of a suit in the trick in progress. */
export function setTrick(suit: i32, mask: i32): void {
  inTrick[suit] = mask;
}

/** Sets the strain: 0-3 a trump suit, 4 notrump. */
export function setTrump(strain: i32): void {
  trump = strain;
}

/** Stops the next search after this many more nodes, or at this reading of nowMs() (0 for no limit). */
export function setLimits(maxNodes: f64, until: f64): void {
  nodeLimit = maxNodes > 0 ? nodes + maxNodes : 1e300;
  deadline = until > 0 ? until : 1e300;
}

/** Nodes searched since the module started. */
export function nodeCount(): f64 {
  return nodes;
}

/** Whether the last search stopped at a limit. */
export function wasStopped(): bool {
  return stopped;
}

function highest(x: i32): i32 {
  return 31 - clz32(x);
}

function lowest(x: i32): i32 {
  return 31 - clz32(x & -x);
}

/** Who holds each remaining card of a suit, two bits a card from the lowest up (0 North … 3 West). */
function ownersOf(suit: i32): i32 {
  const e = hands[4 + suit]!;
  const s = hands[8 + suit]!;
  const w = hands[12 + suit]!;
  const all = hands[suit]! | e | s | w;
  const low = all & 127;
  const high = all >> 7;
  const shift = popcnt32(low);
  const x0 = e | w;
  const x1 = s | w;
  const c0 = pextLow[(low << 7) | (x0 & 127)]! | (pextHigh[(high << 6) | (x0 >> 7)]! << shift);
  const c1 = pextLow[(low << 7) | (x1 & 127)]! | (pextHigh[(high << 6) | (x1 >> 7)]! << shift);
  return spread[c0]! | (spread[c1]! << 1);
}

// The position's key (filled by keyOf): every hand's length in every suit, and who holds each card of each suit.
let lengths0: i32 = 0;
let lengths1: i32 = 0;
const owners = new Int32Array(4);
const counts = new Int32Array(4);
/** The key of the trick start at each depth (slot * 3: lengths0, lengths1, owners, counts), for its store. */
const keys = new Int32Array(MAX_DEPTH * 12);

function keyOf(): void {
  let a = 0;
  let b = 0;
  for (let suit = 0; suit < 4; suit++) {
    a |= (popcnt32(hands[suit]!) | (popcnt32(hands[4 + suit]!) << 4)) << (suit << 3);
    b |= (popcnt32(hands[8 + suit]!) | (popcnt32(hands[12 + suit]!) << 4)) << (suit << 3);
    owners[suit] = ownersOf(suit);
    counts[suit] = popcnt32(hands[suit]! | hands[4 + suit]! | hands[8 + suit]! | hands[12 + suit]!);
  }
  lengths0 = a;
  lengths1 = b;
}

/** The bucket (its first entry's number) of the position keyOf() last read; sets bucketTag. */
function bucketOf(meta: i32, level: i32): i32 {
  // Entries that record at least the top `least` cards of every suit live in buckets picked by those cards' owners
  // too, so that the many positions with one set of lengths spread over the table.
  const least = level == 0 ? 0 : level == 1 ? LEVEL1 : LEVEL2;
  let h = mul32(lengths0, -1640531535) ^ lengths1;
  h = mul32(h ^ (h >>> 15), -2048144789) ^ (meta | (level << 8));
  if (least > 0) {
    for (let suit = 0; suit < 4; suit++) {
      const n = counts[suit]!;
      const k = n < least ? n : least;
      h = mul32(h ^ (h >>> 13), 0x27d4eb2d) ^ (owners[suit]! >>> ((n - k) << 1));
    }
  }
  h = mul32(h ^ (h >>> 13), -1028477379);
  h = h ^ (h >>> 16);
  const t = mul32(h ^ (h >>> 11), -1640531535);
  bucketTag = (t ^ (t >>> 15)) | 1;
  return (h & bucketMask) * BUCKET;
}

/** The most specific level of bucket an entry recording `tops` top cards of each suit may live in. */
function levelOf(tops: i32): i32 {
  let level = 2;
  for (let suit = 0; suit < 4; suit++) {
    const n = counts[suit]!;
    const k = (tops >> (suit << 2)) & 15;
    if (k < (n < LEVEL1 ? n : LEVEL1)) return 0;
    if (k < (n < LEVEL2 ? n : LEVEL2)) level = 1;
  }
  return level;
}

/** Whether the entry at `at` holds for the position keyOf() last read: the same lengths and owners of its top cards. */
function matches(at: i32, meta: i32): bool {
  if (table[at + 2]! != meta || table[at]! != lengths0 || table[at + 1]! != lengths1) return false;
  return ownersMatch(at);
}

/** Whether the owners of the top cards the entry at `at` records are those of the position keyOf() last read. */
function ownersMatch(at: i32): bool {
  const tops = table[at + 7]!;
  for (let suit = 0; suit < 4; suit++) {
    const k = (tops >> (suit << 2)) & 15;
    if (k == 0) continue;
    if (owners[suit]! >>> ((counts[suit]! - k) << 1) != table[at + 3 + suit]!) return false;
  }
  return true;
}

/** Sets the winning ranks at `slot` to the top cards of each suit that an entry's bound depends on. */
function topsToRanks(tops: i32, slot: i32): void {
  for (let suit = 0; suit < 4; suit++) {
    let k = (tops >> (suit << 2)) & 15;
    let present = hands[suit]! | hands[4 + suit]! | hands[8 + suit]! | hands[12 + suit]!;
    let ranks = 0;
    while (k > 0) {
      const bit = 1 << highest(present);
      ranks |= bit;
      present ^= bit;
      k--;
    }
    ranks_[slot + suit] = ranks;
  }
}

/** Records a bound that holds wherever the cards from the lowest winning rank up lie as now (ranks at `slot`). */
function store(meta: i32, tricks: i32, lower: i32, upper: i32, best: i32, slot: i32): void {
  // The key keyOf() read at this depth before the search below overwrote it.
  const saved = slot * 3;
  lengths0 = keys[saved]!;
  lengths1 = keys[saved + 1]!;
  for (let suit = 0; suit < 4; suit++) {
    owners[suit] = keys[saved + 2 + suit]!;
    counts[suit] = keys[saved + 6 + suit]!;
  }
  let tops = 0;
  for (let suit = 0; suit < 4; suit++) {
    const ranks = ranks_[slot + suit]!;
    if (ranks == 0) continue;
    const present = hands[suit]! | hands[4 + suit]! | hands[8 + suit]! | hands[12 + suit]!;
    tops |= popcnt32(present >> lowest(ranks)) << (suit << 2);
  }
  const base = bucketOf(meta, levelOf(tops));
  const tag = bucketTag;
  let at = -1;
  let slotAt = -1;
  let worst = 1 << 30;
  for (let k = 0; k < BUCKET; k++) {
    const candidate = (base + k) * ENTRY;
    const t = tags[base + k]!;
    if (t == tag && table[candidate + 7]! == tops && matches(candidate, meta)) {
      const bounds = table[candidate + 8]!;
      let lo = bounds & 255;
      let hi = bounds >> 8;
      if (lower > lo) lo = lower;
      if (upper < hi) hi = upper;
      table[candidate + 8] = lo | (hi << 8);
      if (best >= 0) table[candidate + 9] = best;
      table[candidate + 10] = (age << 4) | tricks;
      return;
    }
    if (t == 0) {
      at = candidate;
      slotAt = base + k;
      break;
    }
    const stamp = table[candidate + 10]!;
    const rank = ((stamp >> 4) == age ? 64 : 0) + (stamp & 15);
    if (rank < worst) {
      worst = rank;
      at = candidate;
      slotAt = base + k;
    }
  }
  table[at] = lengths0;
  table[at + 1] = lengths1;
  table[at + 2] = meta;
  for (let suit = 0; suit < 4; suit++) {
    const k = (tops >> (suit << 2)) & 15;
    table[at + 3 + suit] = k == 0 ? 0 : owners[suit]! >>> ((counts[suit]! - k) << 1);
  }
  table[at + 7] = tops;
  table[at + 8] = lower | (upper << 8);
  table[at + 9] = best;
  table[at + 10] = (age << 4) | tricks;
  tags[slotAt] = tag;
}

/** Tricks the seat on lead can cash from the top without ever giving up the lead. */
const suitWins = new Int32Array(4);
const suitTops = new Int32Array(4);

/** The top `count` cards of a mask. */
function topCards(mask: i32, count: i32): i32 {
  let out = 0;
  let rest = mask;
  for (let k = 0; k < count && rest != 0; k++) {
    const bit = 1 << highest(rest);
    out |= bit;
    rest ^= bit;
  }
  return out;
}

/** Adds up to `need` tricks of a suit to the quick tricks: records the top cards they depend on. */
function takeSuit(seat: i32, suit: i32, have: i32, need: i32): i32 {
  const win = suitWins[suit]!;
  const tops = suitTops[suit]!;
  const want = need - have;
  if (win > tops && want >= win) {
    // Length winners: every top card is needed.
    quickRanks[suit] = topCards(hands[seat * 4 + suit]!, tops);
    return have + win;
  }
  const take = want < tops ? want : tops;
  quickRanks[suit] = topCards(hands[seat * 4 + suit]!, take);
  return have + take;
}

/**
 * Tricks the seat on lead can cash from the top without ever giving up the lead, counted until `need`; quickRanks
 * holds the cards the count depends on.
 */
function quickTricksOf(seat: i32, left: i32, need: i32): i32 {
  const lho = (seat + 1) & 3;
  const rho = (seat + 3) & 3;
  const partner = seat ^ 2;
  let bestSide = 0;
  let bestSuit = -1;
  for (let suit = 0; suit < 4; suit++) {
    quickRanks[suit] = 0;
    suitWins[suit] = 0;
    suitTops[suit] = 0;
    const mine = hands[seat * 4 + suit]!;
    if (mine == 0) continue;
    const others = hands[lho * 4 + suit]! | hands[rho * 4 + suit]! | hands[partner * 4 + suit]!;
    const above = highest(others) + 1;
    const tops = popcnt32(mine >> above);
    // Tops that outlast every other hand's cards of the suit make the small cards winners too.
    let win = tops;
    if (tops >= popcnt32(hands[lho * 4 + suit]!) && tops >= popcnt32(hands[rho * 4 + suit]!) && tops >= popcnt32(hands[partner * 4 + suit]!)) win = popcnt32(mine);
    suitWins[suit] = win;
    suitTops[suit] = tops;
    if (trump != NOTRUMP && suit != trump) {
      // Before trumps are drawn, a side suit runs only as long as each opponent with trumps can follow.
      let run = tops;
      if (hands[lho * 4 + trump]! != 0) {
        const length = popcnt32(hands[lho * 4 + suit]!);
        if (length < run) run = length;
      }
      if (hands[rho * 4 + trump]! != 0) {
        const length = popcnt32(hands[rho * 4 + suit]!);
        if (length < run) run = length;
      }
      if (run > bestSide) {
        bestSide = run;
        bestSuit = suit;
      }
    }
  }
  const cap = need < left ? need : left;
  let total = 0;
  if (trump == NOTRUMP) {
    for (let suit = 0; suit < 4 && total < cap; suit++) if (suitWins[suit]! > 0) total = takeSuit(seat, suit, total, cap);
    return total;
  }
  const sure = suitTops[trump]!;
  if (sure >= popcnt32(hands[lho * 4 + trump]!) && sure >= popcnt32(hands[rho * 4 + trump]!)) {
    // Top trumps that draw every opposing trump free the side suits' winners.
    if (suitWins[trump]! > 0) total = takeSuit(seat, trump, total, cap);
    if (total < cap && sure > 0 && suitWins[trump]! > 0) {
      // The side suits need the opponents' trumps drawn: every top trump counts.
      quickRanks[trump] = topCards(hands[seat * 4 + trump]!, sure);
    }
    for (let suit = 0; suit < 4 && total < cap; suit++) if (suit != trump && suitWins[suit]! > 0) total = takeSuit(seat, suit, total, cap);
    return total;
  }
  if (sure > 0) total = takeSuit(seat, trump, total, cap);
  if (total < cap && bestSuit >= 0) {
    const take = cap - total < bestSide ? cap - total : bestSide;
    quickRanks[bestSuit] = topCards(hands[seat * 4 + bestSuit]!, take);
    total += take;
  }
  return total;
}

const ownRanks = new Int32Array(4);

/** Quick tricks of the side on lead: the leader's own, or partner's after a low lead to partner's top card. */
function quickTricks(seat: i32, left: i32, need: i32): i32 {
  const own = quickTricksOf(seat, left, need);
  if (own >= need) return own;
  const partner = seat ^ 2;
  const lho = (seat + 1) & 3;
  const rho = (seat + 3) & 3;
  let entry = -1;
  for (let suit = 0; suit < 4; suit++) {
    const mine = hands[seat * 4 + suit]!;
    const theirs = hands[partner * 4 + suit]!;
    if (mine == 0 || theirs == 0) continue;
    const opponents = hands[lho * 4 + suit]! | hands[rho * 4 + suit]!;
    if (highest(theirs) <= highest(opponents | mine)) continue;
    if (trump != NOTRUMP && suit != trump && (canRuff(lho, suit) || canRuff(rho, suit))) continue;
    entry = suit;
    break;
  }
  if (entry < 0) return own;
  for (let suit = 0; suit < 4; suit++) ownRanks[suit] = quickRanks[suit]!;
  const viaPartner = quickTricksOf(partner, left, need);
  if (viaPartner > own) {
    // The way in: partner's top card of the suit led to it.
    quickRanks[entry] = quickRanks[entry]! | (1 << highest(hands[partner * 4 + entry]!));
    return viaPartner;
  }
  for (let suit = 0; suit < 4; suit++) quickRanks[suit] = ownRanks[suit]!;
  return own;
}

/**
 * Tricks the second hand's side is sure to take from here: the trick in progress when its side holds the suit's
 * highest card (or can ruff and the third hand cannot), and in notrump the winners that follow. 0 when not sure.
 * Leaves the ranks the count depends on at ranks_[slot..].
 */
function secondHandTricks(seat: i32, suit: i32, led: i32, slot: i32, need: i32): i32 {
  const partner = seat ^ 2;
  const third = (seat + 1) & 3;
  clearRanks(slot);
  const own = hands[seat * 4 + suit]! | hands[partner * 4 + suit]!;
  const thirdCards = hands[third * 4 + suit]!;
  if (trump != NOTRUMP && suit != trump && (canRuff(seat, suit) || canRuff(partner, suit))) {
    if (canRuff(third, suit)) return 0;
    return 1;
  }
  if (own == 0 || highest(own) <= (led & 15) || highest(own) <= highest(thirdCards)) return 0;
  if (trump != NOTRUMP && suit != trump && canRuff(third, suit)) return 0;
  ranks_[slot + suit] = 1 << highest(own);
  if (trump != NOTRUMP || need <= 1) return 1;
  let q = 1;
  // The hand that wins the trick leads the next: its second winner in the suit, its winners in the others.
  const mine = hands[seat * 4 + suit]!;
  const hh = highest(mine) > highest(hands[partner * 4 + suit]!) ? seat : partner;
  const present = hands[suit]! | hands[4 + suit]! | hands[8 + suit]! | hands[12 + suit]!;
  const top = highest(present);
  const second = highest(present & ~(1 << top));
  const held = hands[hh * 4 + suit]!;
  if (second >= 0 && ((held >> top) & 1) != 0 && ((held >> second) & 1) != 0) {
    q++;
    ranks_[slot + suit] = ranks_[slot + suit]! | (1 << second);
    if (q >= need) return q;
  }
  for (let s = 0; s < 4; s++) {
    if (s == suit) continue;
    const cards = hands[hh * 4 + s]!;
    if (cards == 0) continue;
    const rest = hands[s]! | hands[4 + s]! | hands[8 + s]! | hands[12 + s]!;
    if (rest == cards) {
      q += popcnt32(cards);
    } else if (highest(cards) == highest(rest)) {
      q++;
      ranks_[slot + s] = 1 << highest(cards);
    }
    if (q >= need) return q;
  }
  return q;
}

let sureRanks: i32 = 0;
/** How much a lead's score drops for each card the opponents may play to it (a void counts as many): smaller trees first. */
const SUIT_WEIGHT: i32 = 10;

/** Tricks a side (0 North-South, 1 East-West) wins with trumps above all of the other side's, one hand's at most. */
function sureTrumps(side: i32): i32 {
  const a = hands[side * 4 + trump]!;
  const b = hands[(side + 2) * 4 + trump]!;
  const theirs = hands[(side ^ 1) * 4 + trump]! | hands[((side ^ 1) + 2) * 4 + trump]!;
  const above = highest(theirs) + 1;
  const fromA = popcnt32(a >> above);
  const fromB = popcnt32(b >> above);
  sureRanks = ((a | b) >> above) << above;
  return fromA > fromB ? fromA : fromB;
}

function holderOf(suit: i32, rank: i32): i32 {
  const bit = 1 << rank;
  if ((hands[suit]! & bit) != 0) return 0;
  if ((hands[4 + suit]! & bit) != 0) return 1;
  if ((hands[8 + suit]! & bit) != 0) return 2;
  return 3;
}

/**
 * Trump tricks the side not on lead is sure of, whatever the play (DDS's later-trick rules): all its trumps when the
 * side on lead has none; one for the top trump, two when it holds the top two and they need not fall together; one for
 * the second-best trump guarded behind the top one, or the second and third best against the top. Ranks at `slot`.
 */
function laterTrumps(seat: i32, slot: i32): i32 {
  clearRanks(slot);
  const d0 = (seat + 1) & 3;
  const d1 = (seat + 3) & 3;
  const ours = hands[seat * 4 + trump]! | hands[(seat ^ 2) * 4 + trump]!;
  const theirs = hands[d0 * 4 + trump]! | hands[d1 * 4 + trump]!;
  const all = ours | theirs;
  if (theirs == 0) return 0;
  if (ours == 0) {
    const a = popcnt32(hands[d0 * 4 + trump]!);
    const b = popcnt32(hands[d1 * 4 + trump]!);
    return a > b ? a : b;
  }
  const top = highest(all);
  const second = highest(all & ~(1 << top));
  if (((theirs >> top) & 1) != 0) {
    ranks_[slot + trump] = 1 << top;
    if (second >= 0 && ((theirs >> second) & 1) != 0) {
      const hh = holderOf(trump, second);
      if (popcnt32(hands[hh * 4 + trump]!) > 1 || popcnt32(hands[(hh ^ 2) * 4 + trump]!) > 1) {
        ranks_[slot + trump] = (1 << top) | (1 << second);
        return 2;
      }
    }
    return 1;
  }
  if (second < 0 || ((theirs >> second) & 1) == 0) return 0;
  const hh = holderOf(trump, second);
  if (popcnt32(hands[hh * 4 + trump]!) <= 1) return 0;
  if (holderOf(trump, top) == ((hh + 3) & 3)) {
    ranks_[slot + trump] = (1 << top) | (1 << second);
    return 1;
  }
  const third = highest(all & ~(1 << top) & ~(1 << second));
  if (third >= 0 && ((theirs >> third) & 1) != 0) {
    ranks_[slot + trump] = (1 << top) | (1 << second) | (1 << third);
    return 1;
  }
  return 0;
}

/**
 * Notrump (or no trumps left): the side on lead wins no more tricks in a row than the suits it commands hold (the longer
 * of its two hands in each); needing every trick and more than that, it loses one. Ranks at `slot`.
 */
function laterNotrump(seat: i32, slot: i32, need: i32): i32 {
  clearRanks(slot);
  let sum = 0;
  for (let suit = 0; suit < 4; suit++) {
    const mine = hands[seat * 4 + suit]!;
    const partners = hands[(seat ^ 2) * 4 + suit]!;
    const theirs = hands[((seat + 1) & 3) * 4 + suit]! | hands[((seat + 3) & 3) * 4 + suit]!;
    const all = mine | partners | theirs;
    if (all == 0) continue;
    const top = highest(all);
    if (((theirs >> top) & 1) != 0) {
      if ((all & ~(1 << top)) != 0) ranks_[slot + suit] = 1 << top;
    } else {
      const a = popcnt32(mine);
      const b = popcnt32(partners);
      sum += a > b ? a : b;
    }
  }
  return sum < need ? 1 : 0;
}

function insert(base: i32, count: i32, card: i32, score: i32): i32 {
  let k = count;
  while (k > 0 && scores[base + k - 1]! < score) {
    moves[base + k] = moves[base + k - 1]!;
    scores[base + k] = scores[base + k - 1]!;
    k--;
  }
  moves[base + k] = card;
  scores[base + k] = score;
  return count + 1;
}

/** The top card of a suit among the given seat's cards, -1 if void. */
function topOf(seat: i32, suit: i32): i32 {
  return highest(hands[seat * 4 + suit]!);
}

function canRuff(seat: i32, suit: i32): bool {
  return trump != NOTRUMP && suit != trump && hands[seat * 4 + suit]! == 0 && hands[seat * 4 + trump]! != 0;
}

/**
 * Puts the leads of a seat in order at moves[base..]!; returns how many. Sure winners of the side first, then leads
 * that set up or find tricks cheaply (the second-best card from a sequence to drive out the top one, through the
 * left-hand opponent's top card toward partner's second, toward the side's second and third cards, a singleton top
 * card of an opponent to be dropped, a singleton to be returned for a ruff); suits where the opponents may play few
 * cards before those where they may play many; the lead that refuted at this depth last, and the table's best lead.
 */
function leads(seat: i32, base: i32, best: i32, left: i32, depth: i32): i32 {
  const lho = (seat + 1) & 3;
  const rho = (seat + 3) & 3;
  const partner = seat ^ 2;
  let count = 0;
  for (let suit = 0; suit < 4; suit++) {
    let mine = hands[seat * 4 + suit]!;
    if (mine == 0) continue;
    const present = hands[suit]! | hands[4 + suit]! | hands[8 + suit]! | hands[12 + suit]!;
    const others = present & ~mine;
    const lhoTop = topOf(lho, suit);
    const rhoTop = topOf(rho, suit);
    const partnerTop = topOf(partner, suit);
    const opponentTop = lhoTop > rhoTop ? lhoTop : rhoTop;
    const opponentRuffs = canRuff(lho, suit) || canRuff(rho, suit);
    const partnerRuffs = canRuff(partner, suit);
    const length = popcnt32(mine);
    const lenL = popcnt32(hands[lho * 4 + suit]!);
    const lenR = popcnt32(hands[rho * 4 + suit]!);
    const lenP = popcnt32(hands[partner * 4 + suit]!);
    // Who holds the suit's three highest cards.
    const first = highest(present);
    const second = highest(present & ~(1 << first));
    const third = second < 0 ? -1 : highest(present & ~(1 << first) & ~(1 << second));
    const firstHand = holderOf(suit, first);
    const secondHand = second < 0 ? -1 : holderOf(suit, second);
    const thirdHand = third < 0 ? -1 : holderOf(suit, third);
    const sideTop = firstHand == seat || firstHand == partner;
    let suitScore = -(((lenL == 0 ? left + 1 : lenL) + (lenR == 0 ? left + 1 : lenR)) * SUIT_WEIGHT);
    if ((firstHand == rho || secondHand == rho) && lenR != 1) suitScore -= 12;
    if (firstHand == lho && secondHand == partner && lenP > 1) suitScore += 40;
    if ((lenL == 1 && firstHand == lho) || (lenR == 1 && firstHand == rho)) suitScore += 20;
    if (!sideTop && ((secondHand == partner && thirdHand == partner) || (lenP > 1 && ((secondHand == seat && thirdHand == partner) || (secondHand == partner && thirdHand == seat))))) suitScore += 30;
    if (trump != NOTRUMP && suit != trump && length == 1 && hands[seat * 4 + trump]! != 0 && lenP > 1 && firstHand == partner) suitScore += 20;
    while (mine != 0) {
      const top = highest(mine);
      const below = others & ((1 << top) - 1);
      const run = mine & ~((1 << (highest(below) + 1)) - 1);
      const card = top;
      mine &= ~run;
      let score = suitScore;
      if (top > opponentTop && top > partnerTop) {
        score += opponentRuffs ? -20 : 60 + top;
      } else if (partnerTop > opponentTop && !opponentRuffs) {
        score += mine == 0 ? 50 : 20;
      } else if (partnerRuffs && !opponentRuffs) {
        score += 40 - card;
      } else {
        score += (mine == 0 ? 10 : 0) - top + length - (opponentRuffs ? 30 : 0);
        // Through the left-hand opponent toward partner's higher card; trumps when they draw the opponents'.
        if (partnerTop > lhoTop) score += 8;
        if (suit == trump && length + lenP > 2 * popcnt32(hands[lho * 4 + suit]! | hands[rho * 4 + suit]!)) score += 6;
      }
      if (!sideTop && card == second && popcnt32(run) > 1) score += 20;
      if (((suit << 4) | popcnt32(present >> (card + 1))) == best) score += 20;
      if (((suit << 4) | card) == killer[depth]!) score += 50;
      count = insert(base, count, (suit << 4) | card, score);
    }
  }
  return count;
}

/** Puts the cards a seat may play to the trick in progress in order at moves[base..]!; returns how many. */
function follows(seat: i32, position: i32, leadSuit: i32, winSeat: i32, winCard: i32, base: i32): i32 {
  const winSuit = winCard >> 4;
  const winRank = winCard & 15;
  const partnerWins = winSeat == (seat ^ 2);
  const next = (seat + 1) & 3;
  let count = 0;
  let mine = hands[seat * 4 + leadSuit]!;
  if (mine != 0) {
    const present = hands[leadSuit]! | hands[4 + leadSuit]! | hands[8 + leadSuit]! | hands[12 + leadSuit]! | inTrick[leadSuit]!;
    const others = present & ~mine;
    const nextTop = position == 3 ? -1 : topOf(next, leadSuit);
    const nextRuffs = position != 3 && canRuff(next, leadSuit);
    // The fourth hand's highest card below its top card's equals (-1 when all its cards are equal to the top).
    let nextSecond = -1;
    if (position == 2 && nextTop >= 0) {
      const theirs = hands[next * 4 + leadSuit]!;
      const between = present & ~theirs & ((1 << nextTop) - 1);
      nextSecond = highest(theirs & ((1 << (highest(between) + 1)) - 1));
    }
    while (mine != 0) {
      const top = highest(mine);
      const below = others & ((1 << top) - 1);
      const run = mine & ~((1 << (highest(below) + 1)) - 1);
      const card = top;
      mine &= ~run;
      const beats = winSuit == leadSuit && card > winRank;
      let score = 0;
      if (partnerWins && (position == 3 || (winRank > nextTop && !nextRuffs))) score = -card;
      else if (beats && (position == 3 || (card > nextTop && !nextRuffs))) score = 60 - card;
      else if (beats) score = position == 1 ? 10 - card : 30 - card;
      else score = 20 - card;
      if (position == 2 && winSuit == leadSuit && nextSecond >= 0 && nextTop > card && card > winRank && card > nextSecond && (mine == 0 || highest(mine) < nextSecond)) {
        // Third hand: the cheapest card above the fourth hand's next one drives out its top card.
        score += 20;
      }
      count = insert(base, count, (leadSuit << 4) | card, score);
    }
    return count;
  }
  for (let suit = 0; suit < 4; suit++) {
    mine = hands[seat * 4 + suit]!;
    if (mine == 0) continue;
    const present = hands[suit]! | hands[4 + suit]! | hands[8 + suit]! | hands[12 + suit]! | inTrick[suit]!;
    const others = present & ~mine;
    const length = popcnt32(mine);
    const othersTop = highest(others);
    while (mine != 0) {
      const top = highest(mine);
      const below = others & ((1 << top) - 1);
      const run = mine & ~((1 << (highest(below) + 1)) - 1);
      const card = top;
      mine &= ~run;
      let score = 0;
      if (suit == trump) {
        const overs = winSuit != trump || card > winRank;
        if (!overs) score = -40 - card;
        else if (partnerWins && position == 3) score = -30 - card;
        else if (partnerWins) score = -10 - card;
        else if (position == 3 || !canRuff(next, leadSuit) || card > topOf(next, trump)) score = 70 - card;
        else score = 30 - card;
      } else {
        // A discard: low cards of long suits first, winners and a guard of the second-best card last.
        score = (mine == 0 ? 0 : -15) + 2 * length - card - (top > othersTop ? 20 : 0);
        if (length == 2 && ((hands[seat * 4 + suit]! >> highest(present & ~(1 << highest(present)))) & 1) != 0) score -= 10;
      }
      count = insert(base, count, (suit << 4) | card, score);
    }
  }
  return count;
}

/** The cards of the winner's hand equal to its winning card (nothing left between them): it stood for them too. */
function equalsBelow(seat: i32, card: i32, played: i32): i32 {
  const suit = card >> 4;
  const mine = hands[seat * 4 + suit]!;
  const present = hands[suit]! | hands[4 + suit]! | hands[8 + suit]! | hands[12 + suit]! | played;
  const below = (1 << (card & 15)) - 1;
  // Down to the first card of another hand below it.
  const stop = highest(present & ~mine & below);
  return mine & below & ~((1 << (stop + 1)) - 1);
}

function lastTrick(leader: i32, slot: i32): i32 {
  clearRanks(slot);
  let winSeat = leader;
  let winSuit = 0;
  let winRank = 0;
  let suits = 0;
  for (let k = 0; k < 4; k++) {
    const seat = (leader + k) & 3;
    for (let suit = 0; suit < 4; suit++) {
      const mask = hands[seat * 4 + suit]!;
      if (mask == 0) continue;
      const rank = highest(mask);
      suits += 1 << (suit << 3);
      if (k == 0) {
        winSuit = suit;
        winRank = rank;
      } else if ((suit == winSuit && rank > winRank) || (suit == trump && winSuit != trump)) {
        winSeat = seat;
        winSuit = suit;
        winRank = rank;
      }
    }
  }
  // The winner matters by its rank when it beat another card of its suit.
  if (((suits >> (winSuit << 3)) & 255) > 1) ranks_[slot + winSuit] = 1 << winRank;
  return (winSeat & 1) == 0 ? 1 : 0;
}

function tick(): bool {
  nodes += 1;
  if (nodes >= nextCheck) {
    nextCheck = nodes + 16384;
    if (nodes >= nodeLimit || nowMs() >= deadline) stopped = true;
  }
  return stopped;
}

function clearRanks(slot: i32): void {
  ranks_[slot] = 0;
  ranks_[slot + 1] = 0;
  ranks_[slot + 2] = 0;
  ranks_[slot + 3] = 0;
}

/**
 * Whether North-South take at least `target` of the `left` tricks still to finish (the one in progress included),
 * with `seat` to play at `position` (0-3) of the trick in progress, which was led in `leadSuit` and is won so far by
 * `winSeat` with `winCard`. Leaves at ranks_[depth * 4 ..]! the cards whose ranks the answer depends on.
 */
function search(position: i32, seat: i32, target: i32, left: i32, leadSuit: i32, winSeat: i32, winCard: i32, depth: i32): bool {
  const slot = depth << 2;
  if (target <= 0 || target > left) {
    clearRanks(slot);
    return target <= 0;
  }
  if (tick()) return false;
  const maximize = (seat & 1) == 0;
  const base = depth << 4;
  let count = 0;
  let meta = 0;
  if (position == 0) {
    if (left == 1) return lastTrick(seat, slot) >= target;
    meta = seat | (trump << 2);
    keyOf();
    let best = -1;
    for (let level = 0; level < 3; level++) {
      const bucket = bucketOf(meta, level);
      const tag = bucketTag;
      for (let k = 0; k < BUCKET; k++) {
        const t = tags[bucket + k]!;
        // A bucket fills from its front: the first empty entry ends it.
        if (t == 0) break;
        if (t != tag) continue;
        const at = (bucket + k) * ENTRY;
        if (table[at + 2]! != meta || table[at]! != lengths0 || table[at + 1]! != lengths1) continue;
        // An entry that settles nothing here matters only for its best lead, and only while none was found.
        const bounds = table[at + 8]!;
        if ((bounds & 255) < target && bounds >> 8 >= target && best >= 0) continue;
        if (!ownersMatch(at)) continue;
        if ((bounds & 255) >= target) {
          topsToRanks(table[at + 7]!, slot);
          return true;
        }
        if (bounds >> 8 < target) {
          topsToRanks(table[at + 7]!, slot);
          return false;
        }
        if (best < 0) best = table[at + 9]!;
      }
    }
    const quick = quickTricks(seat, left, maximize ? target : left - target + 1);
    if (maximize ? quick >= target : left - quick < target) {
      for (let suit = 0; suit < 4; suit++) ranks_[slot + suit] = quickRanks[suit]!;
      return maximize;
    }
    if (trump != NOTRUMP) {
      // Trumps above all the other side's trumps each win a trick, whenever they are played.
      if (sureTrumps(0) >= target) {
        clearRanks(slot);
        ranks_[slot + trump] = sureRanks;
        return true;
      }
      if (left - sureTrumps(1) < target) {
        clearRanks(slot);
        ranks_[slot + trump] = sureRanks;
        return false;
      }
    }
    if (trump == NOTRUMP || (hands[trump]! | hands[4 + trump]! | hands[8 + trump]! | hands[12 + trump]!) == 0) {
      if (maximize ? target == left : target == 1) {
        const later = laterNotrump(seat, slot, maximize ? target : left - target + 1);
        if (later > 0) return !maximize;
      }
    } else {
      const later = laterTrumps(seat, slot);
      if (maximize ? left - later < target : later >= target) return !maximize;
    }
    const saved = slot * 3;
    keys[saved] = lengths0;
    keys[saved + 1] = lengths1;
    for (let suit = 0; suit < 4; suit++) {
      keys[saved + 2 + suit] = owners[suit]!;
      keys[saved + 6 + suit] = counts[suit]!;
    }
    count = leads(seat, base, best, left, depth);
  } else {
    if (position == 1) {
      const q = secondHandTricks(seat, leadSuit, winCard, slot, maximize ? target : left - target + 1);
      if (q > 0 && (maximize ? q >= target : left - q < target)) return maximize;
    }
    count = follows(seat, position, leadSuit, winSeat, winCard, base);
  }
  let r0 = 0;
  let r1 = 0;
  let r2 = 0;
  let r3 = 0;
  const child = slot + 4;
  let result = !maximize;
  let bestMove = -1;
  // After a card failed below every rank the failures so far depended on, the smaller cards of its suit would fail
  // the same way: each suit's bar (rank + 1; 0 for none) skips them.
  let bars = 0;
  for (let k = 0; k < count; k++) {
    const card = moves[base + k]!;
    const suit = card >> 4;
    if ((card & 15) + 1 < ((bars >> (suit << 3)) & 255)) continue;
    const bit = 1 << (card & 15);
    hands[seat * 4 + suit] = hands[seat * 4 + suit]! ^ (bit);
    let outcome = false;
    if (position == 0) {
      inTrick[suit] = inTrick[suit]! | (bit);
      outcome = search(1, (seat + 1) & 3, target, left, suit, seat, card, depth + 1);
      inTrick[suit] = inTrick[suit]! ^ (bit);
    } else {
      let nextWinSeat = winSeat;
      let nextWinCard = winCard;
      const winSuit = winCard >> 4;
      if ((suit == winSuit && (card & 15) > (winCard & 15)) || (suit == trump && winSuit != trump)) {
        nextWinSeat = seat;
        nextWinCard = card;
      }
      if (position == 3) {
        const t0 = inTrick[0]!;
        const t1 = inTrick[1]!;
        const t2 = inTrick[2]!;
        const t3 = inTrick[3]!;
        inTrick[0] = 0;
        inTrick[1] = 0;
        inTrick[2] = 0;
        inTrick[3] = 0;
        const won = (nextWinSeat & 1) == 0 ? 1 : 0;
        outcome = search(0, nextWinSeat, target - won, left - 1, 0, 0, 0, depth + 1);
        inTrick[0] = t0;
        inTrick[1] = t1;
        inTrick[2] = t2;
        inTrick[3] = t3;
        // The trick's winner matters by its rank when it beat another card of its suit.
        const winnerSuit = nextWinCard >> 4;
        const played = inTrick[winnerSuit]! | (suit == winnerSuit ? bit : 0);
        if (popcnt32(played) > 1) ranks_[child + winnerSuit] = ranks_[child + winnerSuit]! | (1 << (nextWinCard & 15)) | equalsBelow(nextWinSeat, nextWinCard, played);
      } else {
        inTrick[suit] = inTrick[suit]! | (bit);
        outcome = search(position + 1, (seat + 1) & 3, target, left, leadSuit, nextWinSeat, nextWinCard, depth + 1);
        inTrick[suit] = inTrick[suit]! ^ (bit);
      }
    }
    hands[seat * 4 + suit] = hands[seat * 4 + suit]! ^ (bit);
    if (stopped) return false;
    if (outcome == maximize) {
      result = maximize;
      bestMove = card;
      if (position == 0) killer[depth] = card;
      r0 = ranks_[child]!;
      r1 = ranks_[child + 1]!;
      r2 = ranks_[child + 2]!;
      r3 = ranks_[child + 3]!;
      break;
    }
    r0 |= ranks_[child]!;
    r1 |= ranks_[child + 1]!;
    r2 |= ranks_[child + 2]!;
    r3 |= ranks_[child + 3]!;
    if (((bars >> (suit << 3)) & 255) == 0) {
      const failed = suit == 0 ? r0 : suit == 1 ? r1 : suit == 2 ? r2 : r3;
      const low = failed == 0 ? 14 : lowest(failed);
      if ((card & 15) < low) bars |= (low + 1) << (suit << 3);
    }
  }
  ranks_[slot] = r0;
  ranks_[slot + 1] = r1;
  ranks_[slot + 2] = r2;
  ranks_[slot + 3] = r3;
  if (position == 0) {
    let best = -1;
    if (bestMove >= 0) {
      const suit = bestMove >> 4;
      const present = hands[suit]! | hands[4 + suit]! | hands[8 + suit]! | hands[12 + suit]!;
      best = (suit << 4) | popcnt32(present >> ((bestMove & 15) + 1));
    }
    if (result) store(meta, left, target, 13, best, slot);
    else store(meta, left, 0, target - 1, best, slot);
  }
  return result;
}

/**
 * The exact number of the `left` tricks North-South take from the position set (hands, trick in progress, strain),
 * known to lie in [low, high] and guessed to be `guess`; -1 when a limit stopped the search.
 */
export function solve(position: i32, seat: i32, left: i32, leadSuit: i32, winSeat: i32, winCard: i32, low: i32, high: i32, guess: i32): i32 {
  stopped = false;
  nextCheck = nodes;
  age = (age + 1) & 0x7ffffff;
  let lo = low;
  let hi = high;
  let g = guess;
  while (lo < hi) {
    let t = g;
    if (t <= lo) t = lo + 1;
    if (t > hi) t = hi;
    const ok = search(position, seat, t, left, leadSuit, winSeat, winCard, 0);
    if (stopped) return -1;
    if (ok) {
      lo = t;
      g = t + 1;
    } else {
      hi = t - 1;
      g = t - 1;
    }
  }
  return lo;
}
