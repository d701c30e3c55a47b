import { SUITS, SUIT_SYMBOLS, type Seat } from './cards.js';
import { bridgeHands } from './hands.js';
import type { Deal } from './deal.js';

/** Options of `formatDiagram`. */
export interface DiagramOptions {
  /** Suit letters S H D C and `-` for a void instead of ♠ ♥ ♦ ♣ and `—`. */
  readonly ascii?: boolean;
}

const SEAT_NAMES: Record<Seat, string> = { N: 'North', E: 'East', S: 'South', W: 'West' };

/** A bridge deal as the usual printed diagram: North on top, West and East beside each other, South below. */
export function formatDiagram(deal: Deal, options: DiagramOptions = {}): string {
  const hands = bridgeHands(deal);
  const symbols = options.ascii ? 'SHDC' : SUIT_SYMBOLS;
  const voidMark = options.ascii ? '-' : '—';
  const lines = (seat: Seat): string[] => [
    SEAT_NAMES[seat],
    ...SUITS.map((suit, s) => `${symbols[s]} ${hands[seat][suit] || voidMark}`),
  ];
  const width = 18;
  const indent = ' '.repeat(width);
  const north = lines('N').map((line) => indent + line);
  const south = lines('S').map((line) => indent + line);
  const west = lines('W');
  const east = lines('E');
  const middle = west.map((line, i) => `${line.padEnd(2 * width)}${east[i]}`.trimEnd());
  return [...north, ...middle, ...south].join('\n');
}
