// A leaf of the library: a deal imports only card names, signatures and error quoting, never the numberings or parsers.
import { handsOfHolders, pbnOfHolders, type BridgeHands } from './cards.js';
import { describeValue } from '../errors.js';
import { signatureOf, type Signature } from './signature.js';

/**
 * One deal: which hand holds each card. Kept compactly (one byte a card); strings are made only when asked.
 * Make deals with `dealByNumber`, `parseDeal`, `parsePbn` or `randomDeal`.
 */
export class Deal {
  /** @internal */
  readonly signature: Signature;
  /** The hand (index into `players`) that holds each card, card 0 first. Do not modify. */
  readonly holders: Uint8Array;
  #text: string | undefined;

  /** @internal Callers guarantee that `holders` fits the signature. */
  constructor(signature: Signature, holders: Uint8Array) {
    this.signature = signature;
    this.holders = holders;
    if (!inspectInstalled) installInspect();
  }

  /** The player letters, one per hand, in hand order (`'NESW'` for bridge). */
  get players(): string {
    return this.signature.players;
  }

  /** How many cards each hand holds, in hand order. */
  get handSizes(): readonly number[] {
    return this.signature.handSizes;
  }

  /** The deal as a string with one player letter per card, card 0 first (`'NNNN…WWWW'` for page 1). */
  toString(): string {
    if (this.#text === undefined) {
      const players = this.signature.players;
      let text = '';
      for (let i = 0; i < this.holders.length; i++) text += players[this.holders[i]!];
      this.#text = text;
    }
    return this.#text;
  }

  /** JSON has a bridge deal as its PBN deal string (its hands, `'N:AKQ.… … … …'`), any other deal as its string. */
  toJSON(): string {
    return this.signature.bridge ? this.toPbn() : this.toString();
  }

  /** The letter of the player who holds `card` (0-based). */
  holderOf(card: number): string {
    if (!Number.isInteger(card) || card < 0 || card >= this.holders.length) {
      throw new RangeError(`card must be an integer from 0 to ${this.holders.length - 1}; got ${describeValue(card)}`);
    }
    return this.signature.players[this.holders[card]!]!;
  }

  /** The cards (0-based, ascending) held by `player` (a letter of `players`). */
  cardsOf(player: string): number[] {
    const q = playerIndex(this.signature, player);
    const cards: number[] = [];
    for (let i = 0; i < this.holders.length; i++) if (this.holders[i] === q) cards.push(i);
    return cards;
  }

  /** Whether `other` deals the same cards to the same players. */
  equals(other: Deal): boolean {
    if (!(other instanceof Deal)) return false;
    if (other.signature !== this.signature && (other.players !== this.players || other.handSizes.join() !== this.handSizes.join())) {
      return false;
    }
    for (let i = 0; i < this.holders.length; i++) if (this.holders[i] !== other.holders[i]) return false;
    return true;
  }

  /** A bridge deal's hands by seat and suit: `deal.hands.N.spades === 'AKQ'`. Bridge deals only (4 hands of 13). */
  get hands(): BridgeHands {
    if (!this.signature.bridge) {
      throw new TypeError(`bridge hands need a bridge deal (four hands N, E, S, W of 13 cards); got ${describeDeal(this)}`);
    }
    return handsOfHolders(this.holders);
  }

  /** The deal as a PBN deal string starting with seat `first` (`'N:AKQ.… …'`). Bridge deals only. */
  toPbn(first: string = 'N'): string {
    if (!this.signature.bridge) {
      throw new TypeError(`PBN is for bridge deals (four hands N, E, S, W of 13 cards); got hand sizes [${this.handSizes.join(', ')}]`);
    }
    return pbnOfHolders(this.holders, first);
  }
}

let inspectInstalled = false;

/**
 * How Node's `console.log` and `util.inspect` show a deal: a bridge deal as its hands by seat in PBN notation
 * (`Deal { N: 'Q843.98654.32.A6', E: …, S: …, W: … }`), any other deal as its string, players and hand sizes.
 * Installed on the prototype when the first deal is made: a computed symbol key in the class body would keep the
 * class in every bundle that imports anything from the library. No `node:util` import, so browsers bundle it too.
 */
function installInspect(): void {
  inspectInstalled = true;
  Object.defineProperty(Deal.prototype, Symbol.for('nodejs.util.inspect.custom'), {
    configurable: true,
    writable: true,
    enumerable: false,
    value: function inspect(this: Deal, _depth?: number, options?: { stylize?: (text: string, style: string) => string }): string {
      const style = (text: string): string => options?.stylize?.(text, 'string') ?? text;
      if (this.signature.bridge) {
        const hands = this.toPbn().slice(2).split(' ');
        return `Deal { ${[...'NESW'].map((seat, i) => `${seat}: ${style(`'${hands[i]}'`)}`).join(', ')} }`;
      }
      return `Deal { deal: ${style(`'${this.toString()}'`)}, players: ${style(`'${this.players}'`)}, handSizes: [${this.handSizes.join(', ')}] }`;
    },
  });
}

/** How a message names something given where a deal was expected. @internal */
export function describeDeal(deal: unknown): string {
  return deal instanceof Deal ? `a deal with hand sizes [${deal.handSizes.join(', ')}] and players ${deal.players}` : describeValue(deal);
}

/** The hand index of a player letter of this signature. @internal */
function playerIndex(signature: Signature, player: string): number {
  const q = typeof player === 'string' && player.length === 1 ? signature.players.indexOf(player) : -1;
  if (q < 0) {
    throw new RangeError(`player must be one of ${[...signature.players].join(', ')}; got ${describeValue(player)}`);
  }
  return q;
}

/** A deal string (one player letter per card) checked against the signature: length, letters and hand sizes. @internal */
export function holdersFromString(signature: Signature, text: string): Uint8Array {
  const { cards, handSizes, playerOfCode } = signature;
  if (text.length !== cards) {
    throw new RangeError(
      `a deal string must have ${cards} characters, one of ${[...signature.players].join(', ')} per card; got ${text.length} characters: ${describeValue(text)}`,
    );
  }
  const holders = new Uint8Array(cards);
  const counts = signature.counts.fill(0);
  for (let i = 0; i < cards; i++) {
    const code = text.charCodeAt(i);
    const q = code < 128 ? playerOfCode[code]! : -1;
    if (q < 0) {
      throw new RangeError(
        `a deal string may only hold ${[...signature.players].join(', ')}; got ${describeValue(text[i])} at position ${i + 1} of ${describeValue(text)}`,
      );
    }
    holders[i] = q;
    counts[q]!++;
  }
  checkCounts(signature, counts, () => describeValue(text));
  return holders;
}

/** Throws unless every hand got exactly its size. @internal */
function checkCounts(signature: Signature, counts: Int32Array, shown: () => string): void {
  const { handSizes, players } = signature;
  for (let q = 0; q < handSizes.length; q++) {
    if (counts[q] !== handSizes[q]) {
      throw new RangeError(
        `a deal must give ${handSizes[q]} cards to ${players[q]}; got ${counts[q]} in ${shown()}`,
      );
    }
  }
}

/** Parses a deal string (one player letter per card) into a deal of the given signature (bridge by default). */
export function parseDeal(text: string, handSizes: readonly number[] = [13, 13, 13, 13], players?: string): Deal {
  if (typeof text !== 'string') throw new TypeError(`a deal string must be a string; got ${describeValue(text)}`);
  const signature = signatureOf(handSizes, players);
  return new Deal(signature, holdersFromString(signature, text.trim()));
}

