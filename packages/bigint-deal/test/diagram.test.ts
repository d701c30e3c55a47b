import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDealNumbering, dealByNumber, formatDiagram, type BridgeHand, type Deal } from '../src/index.js';
import { bridgePageArb, expectError, prop } from './reference.js';

const SUIT_KEYS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;

/** The four suit lines of a hand as the diagram should print them. */
function suitLines(hand: BridgeHand, ascii: boolean): string[] {
  const symbols = ascii ? ['S', 'H', 'D', 'C'] : ['♠', '♥', '♦', '♣'];
  const voidMark = ascii ? '-' : '—';
  return SUIT_KEYS.map((suit, s) => `${symbols[s]} ${hand[suit] || voidMark}`);
}

/** Checks the layout: North's block on top, West and East side by side below it, South's block at the bottom. */
function checkDiagram(deal: Deal, ascii: boolean): void {
  const diagram = formatDiagram(deal, { ascii });
  const lines = diagram.split('\n');
  const { N, E, S, W } = deal.hands;
  const north = lines.findIndex((line) => line.trim() === 'North');
  const westEast = lines.findIndex((line) => /^West\s+East$/.test(line));
  const south = lines.findIndex((line) => line.trim() === 'South');
  expect(north, diagram).toBeGreaterThanOrEqual(0);
  expect(westEast, diagram).toBeGreaterThan(north + 4);
  expect(south, diagram).toBeGreaterThan(westEast + 4);

  const northColumn = lines[north]!.indexOf('North');
  const eastColumn = lines[westEast]!.indexOf('East');
  expect(northColumn).toBeGreaterThan(0);
  expect(eastColumn).toBeGreaterThan(northColumn);
  expect(lines[south]!.indexOf('South')).toBe(northColumn);

  expect(lines.slice(north + 1, north + 5).map((line) => line.trim())).toEqual(suitLines(N, ascii));
  expect(lines.slice(south + 1, south + 5).map((line) => line.trim())).toEqual(suitLines(S, ascii));
  const westLines = suitLines(W, ascii);
  const eastLines = suitLines(E, ascii);
  lines.slice(westEast + 1, westEast + 5).forEach((line, s) => {
    expect(line.startsWith(westLines[s]!), `${line} starts with West's ${westLines[s]}`).toBe(true);
    expect(line.slice(eastColumn), `${line} has East's ${eastLines[s]} under East`).toBe(eastLines[s]);
  });
}

describe('formatDiagram', () => {
  it('page 1 shows every seat, each with its one long suit and three voids', () => {
    const diagram = formatDiagram(dealByNumber(1));
    for (const name of ['North', 'East', 'South', 'West']) expect(diagram).toContain(name);
    for (const symbol of ['♠', '♥', '♦', '♣']) expect(diagram).toContain(`${symbol} AKQJT98765432`);
    expect(diagram).toContain('♥ —');
    checkDiagram(dealByNumber(1), false);
  });

  it('ascii: suit letters S H D C and - for a void, no symbols', () => {
    const diagram = formatDiagram(dealByNumber(1), { ascii: true });
    for (const letter of ['S', 'H', 'D', 'C']) expect(diagram).toContain(`${letter} AKQJT98765432`);
    expect(diagram).toContain('H -');
    expect(diagram).not.toMatch(/[♠♥♦♣—]/);
    expect(diagram).toMatch(/^[\x20-\x7e\n]*$/);
    checkDiagram(dealByNumber(1), true);
  });

  prop([bridgePageArb, fc.boolean()])('every seat’s suits in their place, symbols or ascii', (page, ascii) => {
    checkDiagram(dealByNumber(page), ascii);
  });

  it('is for bridge deals only', () => {
    expectError(() => formatDiagram(createDealNumbering([1, 1, 1, 1]).dealByNumber(1)), TypeError, /bridge hands need a bridge deal/);
  });
});
