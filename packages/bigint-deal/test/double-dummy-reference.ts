// A plain double-dummy reference for small endings: minimax over every legal card, no pruning, no transposition keys
// beyond "these cards left, this seat on lead" at the start of a trick, no equal-card shortcut. It never imports the
// library, so the tests compare the solver against something it cannot share a bug with.
//
// Seats 0 North, 1 East, 2 South, 3 West. A card is its text, suit letter then rank: 'SA', 'HT', 'C2'.

/** Suit letters in PBN order (spades first). */
export const SUITS = 'SHDC';
/** Rank letters from the two up. */
export const RANKS = '23456789TJQKA';
/** Seat letters, North first, clockwise. */
export const SEAT_LETTERS = 'NESW';
/** Strains as the library names them. */
export const STRAIN_NAMES = ['C', 'D', 'H', 'S', 'NT'] as const;
export type RefStrain = (typeof STRAIN_NAMES)[number];

/** The 52 cards' texts. */
export const ALL_CARDS: readonly string[] = [...SUITS].flatMap((suit) => [...RANKS].map((rank) => suit + rank));

const suitOf = (card: string): string => card[0]!;
const rankOf = (card: string): number => RANKS.indexOf(card[1]!);

/** A position: the cards each seat still holds, the trick in progress (seat and card, in order), the trump suit or null. */
export interface RefPosition {
  hands: string[][];
  trump: string | null;
  /** The seat to play. */
  seat: number;
  trick: { seat: number; card: string }[];
  /** Tricks won so far by North-South and East-West. */
  won: [number, number];
}

/** The PBN text ("N:AK.Q.. …") of four hands, each rank string high to low. */
export function pbnOf(hands: readonly (readonly string[])[]): string {
  const hand = (cards: readonly string[]): string =>
    [...SUITS]
      .map((suit) =>
        cards
          .filter((card) => suitOf(card) === suit)
          .sort((a, b) => rankOf(b) - rankOf(a))
          .map((card) => card[1])
          .join(''),
      )
      .join('.');
  return 'N:' + hands.map(hand).join(' ');
}

/** The trump suit letter of a strain, null for notrump. */
export function trumpOf(strain: RefStrain): string | null {
  return strain === 'NT' ? null : strain;
}

/** The position at the opening lead. */
export function start(hands: readonly (readonly string[])[], strain: RefStrain, leader: number): RefPosition {
  return { hands: hands.map((h) => [...h]), trump: trumpOf(strain), seat: leader, trick: [], won: [0, 0] };
}

/** The cards the seat to play may play: any card on lead, else a card of the suit led if it holds one. */
export function legalCards(position: RefPosition): string[] {
  const hand = position.hands[position.seat]!;
  if (position.trick.length === 0) return [...hand];
  const led = suitOf(position.trick[0]!.card);
  const following = hand.filter((card) => suitOf(card) === led);
  return following.length > 0 ? following : [...hand];
}

/** The seat that wins a complete trick. */
function trickWinner(trick: readonly { seat: number; card: string }[], trump: string | null): number {
  let best = trick[0]!;
  for (const play of trick.slice(1)) {
    const beatsInSuit = suitOf(play.card) === suitOf(best.card) && rankOf(play.card) > rankOf(best.card);
    const ruffs = trump !== null && suitOf(play.card) === trump && suitOf(best.card) !== trump;
    if (beatsInSuit || ruffs) best = play;
  }
  return best.seat;
}

/** The position after one card (which must be legal). */
export function play(position: RefPosition, card: string): RefPosition {
  const hands = position.hands.map((h, seat) => (seat === position.seat ? h.filter((c) => c !== card) : [...h]));
  const trick = [...position.trick, { seat: position.seat, card }];
  if (trick.length < 4) return { hands, trump: position.trump, seat: (position.seat + 1) % 4, trick, won: position.won };
  const winner = trickWinner(trick, position.trump);
  const won: [number, number] = [...position.won];
  won[winner % 2]!++;
  return { hands, trump: position.trump, seat: winner, trick: [], won };
}

// The minimax below works on masks (hand[seat * 4 + suit], bit 0 the two) and plays and takes back each card in place;
// it remembers the value of each position at the start of a trick (the same cards left, the same seat on lead), keyed
// by which of the cards it started from are left.
const hand = new Int32Array(16);
let trumpSuit = -1;
/** The bit of each card (suit << 4 | rank) among the cards the search started from. */
const cardBit = new Int32Array(64);
/** Which of those cards are left. */
let remaining = 0;
let cardsKey = '';
const memo = new Map<number, number>();

/** North-South's tricks from the trick in progress on, the `pos` cards of it already on the table. */
function minimax(seat: number, pos: number, leadSuit: number, winSeat: number, winSuit: number, winRank: number, left: number): number {
  let key: number | undefined;
  if (pos === 0) {
    if (left === 0) return 0;
    key = remaining * 20 + seat * 5 + trumpSuit + 1;
    const known = memo.get(key);
    if (known !== undefined) return known;
  }
  const maximise = seat % 2 === 0;
  let best = maximise ? -1 : 99;
  const following = pos > 0 && hand[seat * 4 + leadSuit] !== 0;
  for (let suit = 0; suit < 4; suit++) {
    if (following && suit !== leadSuit) continue;
    for (let rank = 0; rank < 13; rank++) {
      const bit = 1 << rank;
      if ((hand[seat * 4 + suit]! & bit) === 0) continue;
      hand[seat * 4 + suit]! ^= bit;
      remaining ^= cardBit[(suit << 4) | rank]!;
      let value: number;
      if (pos === 0) {
        value = minimax((seat + 1) % 4, 1, suit, seat, suit, rank, left);
      } else {
        const beats = (suit === winSuit && rank > winRank) || (suit === trumpSuit && winSuit !== trumpSuit);
        const ws = beats ? seat : winSeat;
        const wsuit = beats ? suit : winSuit;
        const wrank = beats ? rank : winRank;
        if (pos === 3) value = (ws % 2 === 0 ? 1 : 0) + minimax(ws, 0, 0, 0, 0, 0, left - 1);
        else value = minimax((seat + 1) % 4, pos + 1, leadSuit, ws, wsuit, wrank, left);
      }
      hand[seat * 4 + suit]! ^= bit;
      remaining ^= cardBit[(suit << 4) | rank]!;
      best = maximise ? Math.max(best, value) : Math.min(best, value);
    }
  }
  if (key !== undefined) memo.set(key, best);
  return best;
}

/** North-South's tricks from the trick in progress on (it included), every seat playing its best. */
export function nsTricks(position: RefPosition): number {
  hand.fill(0);
  const key = position.hands.map((cards) => [...cards].sort().join(',')).join('/');
  if (key !== cardsKey) {
    cardsKey = key;
    memo.clear();
  }
  cardBit.fill(0);
  let count = 0;
  position.hands.forEach((cards, seat) => {
    for (const card of cards) {
      hand[seat * 4 + SUITS.indexOf(suitOf(card))]! |= 1 << rankOf(card);
      cardBit[(SUITS.indexOf(suitOf(card)) << 4) | rankOf(card)] = 2 ** count++;
    }
  });
  if (count > 24) throw new RangeError(`the reference minimax is for endings of up to 6 cards a hand; got ${count} cards`);
  remaining = 2 ** count - 1;
  trumpSuit = position.trump === null ? -1 : SUITS.indexOf(position.trump);
  const left = tricksLeft(position);
  if (left === 0) return 0;
  const trick = position.trick;
  if (trick.length === 0) return minimax(position.seat, 0, 0, 0, 0, 0, left);
  // Replay the trick in progress to find who is winning it so far.
  let win = trick[0]!;
  for (const p of trick.slice(1)) {
    const beats =
      (suitOf(p.card) === suitOf(win.card) && rankOf(p.card) > rankOf(win.card)) ||
      (position.trump !== null && suitOf(p.card) === position.trump && suitOf(win.card) !== position.trump);
    if (beats) win = p;
  }
  return minimax(position.seat, trick.length, SUITS.indexOf(suitOf(trick[0]!.card)), win.seat, SUITS.indexOf(suitOf(win.card)), rankOf(win.card), left);
}

/** Cards a hand holds in a position (trick in progress not counted). */
export function cardsLeft(position: RefPosition): number {
  return Math.max(...position.hands.map((h) => h.length));
}

/** Tricks still to finish, the one in progress included. */
export function tricksLeft(position: RefPosition): number {
  return position.trick.length === 0 ? cardsLeft(position) : position.hands[position.trick[0]!.seat]!.length + 1;
}

/** For each legal card: the tricks the side to play takes from the trick in progress on after playing it. */
export function cardValues(position: RefPosition): Map<string, number> {
  const side = position.seat % 2;
  const left = tricksLeft(position);
  const values = new Map<string, number>();
  for (const card of legalCards(position)) {
    const next = play(position, card);
    const ns = next.won[0] - position.won[0] + nsTricks(next);
    values.set(card, side === 0 ? ns : left - ns);
  }
  return values;
}

/**
 * The cards of the seat to play equal to `card` and lower: the run of its own cards below it in the same suit with
 * no card between them held by another hand or lying in the trick in progress.
 */
export function lowerEquals(position: RefPosition, card: string): string[] {
  const suit = suitOf(card);
  const mine = new Set(position.hands[position.seat]!);
  const present = new Set([...position.hands.flat(), ...position.trick.map((p) => p.card)]);
  const run: string[] = [];
  for (let rank = rankOf(card) - 1; rank >= 0; rank--) {
    const lower = suit + RANKS[rank];
    if (!present.has(lower)) continue; // played in an earlier trick: gone
    if (!mine.has(lower)) break;
    run.push(lower);
  }
  return run;
}

/** The double-dummy table of four hands: table[declarer][strain], the declarer's left-hand opponent leading. */
export function referenceTable(hands: readonly (readonly string[])[]): Record<string, Record<RefStrain, number>> {
  const size = hands[0]!.length;
  const table: Record<string, Record<RefStrain, number>> = {};
  for (let declarer = 0; declarer < 4; declarer++) {
    const row = {} as Record<RefStrain, number>;
    for (const strain of STRAIN_NAMES) {
      const ns = nsTricks(start(hands, strain, (declarer + 1) % 4));
      row[strain] = declarer % 2 === 0 ? ns : size - ns;
    }
    table[SEAT_LETTERS[declarer]!] = row;
  }
  return table;
}
