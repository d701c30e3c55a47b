// N queens as exact cover: ranks and files primary, diagonals secondary (at most one queen each).
import { describeValue } from './errors.js';
import { Problem, defineProblem } from './problem.js';

/** The data of an N-queens option: a queen's square (0-based). */
export interface QueenSquare {
  readonly row: number;
  readonly column: number;
}

/** Organ-pipe order 0..n-1 from the middle out (Knuth's order for the queens' items: busy lines first). */
function organPipe(n: number): number[] {
  const order: number[] = [];
  for (let k = 0; k < n; k++) {
    const mid = Math.floor((n - 1) / 2);
    order.push(k % 2 === 0 ? mid - k / 2 : mid + (k + 1) / 2);
  }
  return order;
}

/**
 * N queens: items r0..r(n-1) and c0..c(n-1) primary (organ-pipe order), diagonals a0..a(2n-2) (row + column) and
 * b0..b(2n-2) (row - column + n - 1) secondary; one option per square. 92 solutions for n = 8, 724 for 10, 14200 for 12.
 */
export function nQueensProblem(n: number): Problem<QueenSquare> {
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new RangeError(`n must be an integer from 1 to 64; got ${describeValue(n)}`);
  const primary: string[] = [];
  for (const k of organPipe(n)) primary.push(`r${k}`, `c${k}`);
  const secondary: string[] = [];
  for (let d = 0; d < 2 * n - 1; d++) secondary.push(`a${d}`);
  for (let d = 0; d < 2 * n - 1; d++) secondary.push(`b${d}`);
  const options: string[][] = [];
  const data: QueenSquare[] = [];
  for (let row = 0; row < n; row++) {
    for (let column = 0; column < n; column++) {
      options.push([`r${row}`, `c${column}`, `a${row + column}`, `b${row - column + n - 1}`]);
      data.push({ row, column });
    }
  }
  return defineProblem({ primary, secondary, options, data });
}
