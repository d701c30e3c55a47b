import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GOAL,
  MOVES,
  MOVE_SQUARES,
  SQUARES,
  applyMove,
  applyMoves,
  formatGrid,
  formatPosition,
  isOn,
  isSolved,
  parseGrid,
  parsePosition,
} from '../src/index.js';
import { GOAL_SQUARES, BLOG_MOVES, expectError, fuzzText, key, onlyOurErrors, prop, refApply } from './reference.js';

const positionArb = fc.integer({ min: 0, max: 511 });
const moveArb = fc.integer({ min: 1, max: 9 });
const squaresOf = (p: number) => Array.from({ length: 9 }, (_, s) => (p >>> s) & 1);

describe('the flipper position', () => {
  it('has the goal and moves of the flipper blog posts (square k is bit k − 1)', () => {
    expect(SQUARES).toBe(9);
    expect(GOAL).toBe(0b111101111);
    expect(formatPosition(GOAL)).toBe('111101111');
    expect(MOVE_SQUARES).toEqual(BLOG_MOVES);
    expect(MOVES[0]).toBe(0b000011011); // move 1: squares 1, 2, 4, 5
    expect(MOVES.map((mask) => squaresOf(mask).flatMap((on, s) => (on ? [s + 1] : [])))).toEqual(BLOG_MOVES);
    expect(Object.isFrozen(MOVES)).toBe(true);
  });

  it('applies moves as the Lisp flipper blog post shows: (apply-move 1 *solution*) and (apply-move 0 *solution*)', () => {
    expect(formatPosition(applyMove(GOAL, 2))).toBe('000101111');
    expect(formatPosition(applyMove(GOAL, 1))).toBe('001011111');
  });

  it("replays the blog post's game: 1 1 0 / 0 1 1 / 1 0 1, moves 3 2 4 6 8", () => {
    let p = parseGrid(' 1 1 0\n 0 1 1\n 1 0 1\n');
    const seen = [3, 2, 4, 6, 8].map((move) => formatGrid((p = applyMove(p, move))));
    expect(seen).toEqual([
      ' 1 0 1\n 0 0 0\n 1 0 1',
      ' 0 1 0\n 0 0 0\n 1 0 1',
      ' 1 1 0\n 1 0 0\n 0 0 1',
      ' 1 1 1\n 1 0 1\n 0 0 0',
      ' 1 1 1\n 1 0 1\n 1 1 1',
    ]);
    expect(isSolved(p)).toBe(true);
  });

  it("toggles the top-left square with moves 8 6 9 5, as the blog post's play-tty shows", () => {
    const start = parseGrid(' 0 0 1\n 0 0 1\n 1 0 0');
    expect(formatGrid(applyMoves(start, [8, 6, 9, 5]))).toBe(' 1 0 1\n 0 0 1\n 1 0 0');
  });

  prop([positionArb, moveArb])('a move is an XOR: applying it twice is the identity', (p, m) => {
    expect(applyMove(applyMove(p, m), m)).toBe(p);
    expect(applyMove(p, m)).toBe(p ^ MOVES[m - 1]!);
  });

  prop([positionArb, moveArb])('applyMove agrees with the plain reference on square arrays', (p, m) => {
    expect(key(squaresOf(applyMove(p, m)))).toBe(key(refApply(squaresOf(p), m)));
  });

  prop([positionArb, fc.array(moveArb)])('moves commute: applyMoves in any order gives the same position', (p, moves) => {
    expect(applyMoves(p, moves)).toBe(applyMoves(p, [...moves].reverse()));
  });

  it('knows the goal and each square', () => {
    expect(isSolved(GOAL)).toBe(true);
    expect(isSolved(0)).toBe(false);
    expect(squaresOf(GOAL)).toEqual(GOAL_SQUARES);
    expect(isOn(GOAL, 5)).toBe(false);
    expect(isOn(GOAL, 1)).toBe(true);
  });

  prop([positionArb])('formatPosition and parsePosition round-trip (square 1 first)', (p) => {
    const text = formatPosition(p);
    expect(text).toMatch(/^[01]{9}$/);
    expect(text).toBe(squaresOf(p).join(''));
    expect(parsePosition(text)).toBe(p);
    expect(parsePosition(` ${text}\n`)).toBe(p);
  });

  prop([positionArb])('formatGrid and parseGrid round-trip; the grid is the blog post\'s " 1 1 0" rows', (p) => {
    const grid = formatGrid(p);
    const digits = squaresOf(p);
    expect(grid).toBe([0, 3, 6].map((i) => digits.slice(i, i + 3).map((d) => ` ${d}`).join('')).join('\n'));
    expect(parseGrid(grid)).toBe(p);
    expect(parseGrid(grid.replaceAll(' ', ''))).toBe(p);
  });

  prop([fuzzText('01 \n')])('parsePosition and parseGrid return a correct value or throw our errors', (text) => {
    const p = onlyOurErrors(() => parsePosition(text));
    if (p !== undefined) expect(formatPosition(p)).toBe(text.trim());
    const g = onlyOurErrors(() => parseGrid(text));
    if (g !== undefined) expect(formatGrid(g).replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });

  it('rejects bad positions, moves and text with clear messages', () => {
    expectError(() => applyMove(512, 1), RangeError, /position \(a 9-bit integer\) must be an integer from 0 to 511; got 512/);
    expectError(() => applyMove(0, 10), RangeError, /move must be an integer from 1 to 9; got 10/);
    expectError(() => applyMove(0, 0), RangeError, /move must be an integer from 1 to 9; got 0/);
    expectError(() => applyMove(0, 1.5), TypeError, /move must be an integer from 1 to 9; got 1.5/);
    expectError(() => applyMove('1' as unknown as number, 1), TypeError, /got '1'/);
    expectError(() => parsePosition('10101010'), RangeError, /9 digits 0 or 1, square 1 first .*got '10101010'/);
    expectError(() => parsePosition(7 as unknown as string), TypeError, /must be a string/);
    expectError(() => parseGrid(' 1 1\n 0 1'), RangeError, /3 rows of 3 squares; got 2 rows of 2/);
    expectError(() => parseGrid(' 1 1 0\n 0 2 1\n 1 0 1'), RangeError, /grid row 2 must be cells 0 or 1/);
    expectError(() => parseGrid(' 1 1 0\n 0 1\n 1 0 1'), RangeError, /grid row 2 has 2 cells; row 1 has 3/);
    expectError(() => parseGrid(''), RangeError, /a grid must have rows/);
    // review regression: a non-iterable list of moves was a raw "moves is not iterable"
    expectError(() => applyMoves(0, null as never), TypeError, /moves must be an iterable of move numbers; got null/);
    expectError(() => applyMoves(0, 5 as never), TypeError, /moves must be an iterable of move numbers; got 5/);
  });
});
