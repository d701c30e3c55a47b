// Double-dummy tables as text: a small grid for people, one compact field for one-line formats.
import type { Par } from './par.js';
import { DD_SEATS, STRAINS, type DoubleDummyTable } from './table.js';

const SYMBOLS: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠', NT: 'NT' };

/** A double-dummy table as a grid (declarers down, strains across, clubs first), and the par below it when given. */
export function formatDoubleDummyTable(table: DoubleDummyTable, options: { par?: Par; ascii?: boolean } = {}): string {
  const head = STRAINS.map((strain) => (options.ascii === true ? strain : SYMBOLS[strain]!).padStart(3)).join('');
  const rows = DD_SEATS.map((seat) => `${seat}  ${STRAINS.map((strain) => String(table[seat][strain]).padStart(3)).join('')}`);
  const lines = [`   ${head}`, ...rows];
  if (options.par !== undefined) lines.push(`Par ${options.par.score} ${options.par.contracts.join(', ')}`);
  return lines.join('\n');
}

/**
 * A double-dummy table in one field: each declarer's tricks in clubs, diamonds, hearts, spades and notrump as hex
 * digits (a = 10 … d = 13), `N:75656 E:87787 S:75656 W:87787`.
 */
export function formatDoubleDummyLine(table: DoubleDummyTable): string {
  return DD_SEATS.map((seat) => `${seat}:${STRAINS.map((strain) => table[seat][strain].toString(16)).join('')}`).join(' ');
}
