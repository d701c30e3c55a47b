// Packing polyominoes into a board as exact cover: one item per board cell and one per piece; one option per
// placement of a piece (each allowed orientation, each position where it fits).
import { describeValue, optionsOf } from './errors.js';
import { Problem, defineProblem, isValidName } from './problem.js';

/** A cell as [row, column]. */
export type Cell = readonly [row: number, column: number];

/** A piece: a name and its cells (a list, or a picture: lines where any character but space and `.` is a cell). */
export interface PieceSpec {
  readonly name: string;
  readonly cells: readonly Cell[] | string;
  /** Allow the piece's rotations (default: the packing's `rotate`, true). */
  readonly rotate?: boolean;
  /** Allow the piece's mirror images (default: the packing's `reflect`, true). */
  readonly reflect?: boolean;
}

/** A packing problem. */
export interface PackingSpec {
  /** The board's cells: a list, or a picture (any character but space and `.` is a cell; holes allowed). */
  readonly board: readonly Cell[] | string;
  /** Each piece is used exactly once. */
  readonly pieces: readonly PieceSpec[];
  readonly rotate?: boolean;
  readonly reflect?: boolean;
  /** Every board cell must be covered (default true); false makes the cells secondary (covered at most once). */
  readonly fill?: boolean;
  /**
   * The name of a piece whose placements are cut to one per orbit under the board's symmetries, so that each class
   * of symmetric solutions is counted once. Throws if that would not be exact (a placement symmetric in itself, or a
   * problem that is not symmetric).
   */
  readonly breakSymmetry?: string;
}

/** The data of a packing option: which piece, on which board cells. */
export interface Placement {
  readonly piece: string;
  readonly cells: readonly Cell[];
}

const key = (r: number, c: number): string => `${r},${c}`;

/** The cells of a picture: lines of text where any character but space and `.` marks a cell. */
export function cellsOfPicture(picture: string): Cell[] {
  if (typeof picture !== 'string') throw new TypeError(`a picture must be a string; got ${describeValue(picture)}`);
  const cells: Cell[] = [];
  picture.split(/\r?\n/).forEach((line, r) => {
    [...line].forEach((ch, c) => {
      if (ch !== ' ' && ch !== '.') cells.push([r, c]);
    });
  });
  return cells;
}

/** The cells of a rows × columns rectangle, row by row. */
export function rectangle(rows: number, columns: number): Cell[] {
  for (const [value, what] of [
    [rows, 'rows'],
    [columns, 'columns'],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > 1000) {
      throw new RangeError(`${what} must be an integer from 1 to 1000; got ${describeValue(value)}`);
    }
  }
  const cells: Cell[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) cells.push([r, c]);
  return cells;
}

function cellList(value: unknown, what: string): Cell[] {
  if (typeof value === 'string') return cellsOfPicture(value);
  if (!Array.isArray(value)) throw new TypeError(`${what} must be a list of [row, column] cells or a picture; got ${describeValue(value)}`);
  const seen = new Set<string>();
  return (value as readonly unknown[]).map((cell, k) => {
    if (!Array.isArray(cell) || cell.length !== 2 || !cell.every((x) => Number.isSafeInteger(x))) {
      throw new TypeError(`cell ${k} of ${what} must be [row, column] with integers; got ${describeValue(cell)}`);
    }
    const [r, c] = cell as [number, number];
    if (seen.has(key(r, c))) throw new RangeError(`${what} lists cell [${r}, ${c}] twice`);
    seen.add(key(r, c));
    return [r, c] as const;
  });
}

/** Moves cells so the smallest row and column are 0, and sorts them row by row. */
function normalize(cells: readonly Cell[]): Cell[] {
  let r0 = Infinity;
  let c0 = Infinity;
  for (const [r, c] of cells) {
    r0 = Math.min(r0, r);
    c0 = Math.min(c0, c);
  }
  return cells.map(([r, c]) => [r - r0, c - c0] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

const shapeKey = (cells: readonly Cell[]): string => cells.map(([r, c]) => key(r, c)).join(' ');

/** The eight symmetries of the square grid: the identity first, then rotations, then reflections. */
const TRANSFORMS: ReadonlyArray<(r: number, c: number) => Cell> = [
  (r, c) => [r, c],
  (r, c) => [c, -r],
  (r, c) => [-r, -c],
  (r, c) => [-c, r],
  (r, c) => [r, -c],
  (r, c) => [c, r],
  (r, c) => [-r, c],
  (r, c) => [-c, -r],
];

/** The distinct orientations of a shape (normalized), the shape itself first. */
export function orientations(cells: readonly Cell[], options?: { rotate?: boolean; reflect?: boolean }): Cell[][] {
  const o = optionsOf(options, 'orientations');
  const shape = cellList(cells, 'a shape');
  if (shape.length === 0) throw new RangeError('a shape needs at least one cell');
  const rotate = o.rotate ?? true;
  const reflect = o.reflect ?? true;
  const out: Cell[][] = [];
  const seen = new Set<string>();
  TRANSFORMS.forEach((t, k) => {
    if (!rotate && k % 4 !== 0) return;
    if (!reflect && k >= 4) return;
    const image = normalize(shape.map(([r, c]) => t(r, c)));
    const id = shapeKey(image);
    if (!seen.has(id)) {
      seen.add(id);
      out.push(image);
    }
  });
  return out;
}

/** The maps of board cells onto themselves that come from grid symmetries (the identity included). */
function boardSymmetries(board: readonly Cell[]): Array<(r: number, c: number) => Cell> {
  const base = normalize(board);
  const id = shapeKey(base);
  let r0 = Infinity;
  let c0 = Infinity;
  for (const [r, c] of board) {
    r0 = Math.min(r0, r);
    c0 = Math.min(c0, c);
  }
  const maps: Array<(r: number, c: number) => Cell> = [];
  // Two transforms can move the board's cells alike (on a board of one row, the reflection across it moves nothing):
  // keep one map per permutation of the cells, or every placement would look symmetric under the do-nothing one.
  const actions = new Set<string>();
  for (const t of TRANSFORMS) {
    const image = board.map(([r, c]) => t(r, c));
    if (shapeKey(normalize(image)) !== id) continue;
    let ir = Infinity;
    let ic = Infinity;
    for (const [r, c] of image) {
      ir = Math.min(ir, r);
      ic = Math.min(ic, c);
    }
    const map = (r: number, c: number): Cell => {
      const [tr, tc] = t(r, c);
      return [tr - ir + r0, tc - ic + c0];
    };
    const action = board.map(([r, c]) => shapeKey([map(r, c)])).join(' ');
    if (actions.has(action)) continue;
    actions.add(action);
    maps.push(map);
  }
  return maps;
}

/** An exact-cover problem for packing the pieces into the board; each option's data is its placement. */
export function packingProblem(spec: PackingSpec): Problem<Placement> {
  const o = optionsOf(spec, 'packingProblem');
  const board = cellList(o.board, 'the board');
  if (board.length === 0) throw new RangeError('the board has no cells');
  if (!Array.isArray(o.pieces)) throw new TypeError(`pieces must be an array; got ${describeValue(o.pieces)}`);
  const cellItems = board.map(([r, c]) => `r${r}c${c}`);
  const onBoard = new Map(board.map(([r, c], k) => [key(r, c), k]));
  let minR = Infinity;
  let maxR = -Infinity;
  let minC = Infinity;
  let maxC = -Infinity;
  for (const [r, c] of board) {
    minR = Math.min(minR, r);
    maxR = Math.max(maxR, r);
    minC = Math.min(minC, c);
    maxC = Math.max(maxC, c);
  }
  const names: string[] = [];
  const options: string[][] = [];
  const data: Placement[] = [];
  const optionKeys: string[] = [];
  const optionsOfPiece = new Map<string, number[]>();
  for (const [p, piece] of (o.pieces as readonly PieceSpec[]).entries()) {
    if (typeof piece !== 'object' || piece === null) throw new TypeError(`piece ${p} must be an object; got ${describeValue(piece)}`);
    if (!isValidName(piece.name)) {
      throw new RangeError(`piece ${p} needs a name without whitespace, ':' or '|'; got ${describeValue(piece.name)}`);
    }
    if (names.includes(piece.name) || cellItems.includes(piece.name)) {
      throw new RangeError(`piece name ${describeValue(piece.name)} is used twice (or clashes with a cell item name)`);
    }
    names.push(piece.name);
    const shapes = orientations(cellList(piece.cells, `piece ${describeValue(piece.name)}`), {
      rotate: piece.rotate ?? o.rotate ?? true,
      reflect: piece.reflect ?? o.reflect ?? true,
    });
    const mine: number[] = [];
    for (const shape of shapes) {
      for (let dr = minR; dr <= maxR; dr++) {
        for (let dc = minC; dc <= maxC; dc++) {
          const placed = shape.map(([r, c]) => [r + dr, c + dc] as const);
          if (!placed.every(([r, c]) => onBoard.has(key(r, c)))) continue;
          mine.push(options.length);
          options.push([...placed.map(([r, c]) => cellItems[onBoard.get(key(r, c))!]!), piece.name]);
          data.push({ piece: piece.name, cells: placed });
          optionKeys.push(`${piece.name} ${shapeKey(placed)}`);
        }
      }
    }
    optionsOfPiece.set(piece.name, mine);
  }
  let keep: boolean[] | null = null;
  if (o.breakSymmetry !== undefined) {
    const target = o.breakSymmetry;
    const targetOptions = optionsOfPiece.get(target);
    if (targetOptions === undefined) throw new RangeError(`breakSymmetry names no piece: ${describeValue(target)}`);
    const maps = boardSymmetries(board);
    const known = new Set(optionKeys);
    const imageKey = (k: number, map: (r: number, c: number) => Cell): string => {
      const placement = data[k]!;
      const cells = placement.cells.map(([r, c]) => map(r, c)).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      return `${placement.piece} ${shapeKey(cells)}`;
    };
    // The reduction is exact only if the symmetries map the set of options onto itself...
    for (let k = 0; k < options.length; k++) {
      for (const map of maps) {
        if (!known.has(imageKey(k, map))) {
          throw new RangeError(
            `cannot break symmetry: the problem is not symmetric (piece ${data[k]!.piece} lacks a rotated or reflected placement)`,
          );
        }
      }
    }
    keep = options.map(() => true);
    for (const k of targetOptions) {
      const own = optionKeys[k]!;
      const images = maps.slice(1).map((map) => imageKey(k, map));
      // ...and no placement of the chosen piece is symmetric in itself.
      if (images.includes(own)) {
        throw new RangeError(
          `cannot break symmetry with piece ${describeValue(target)}: one of its placements is symmetric under a board symmetry; choose another piece`,
        );
      }
      keep[k] = images.every((image) => own < image);
    }
  }
  const kept = keep === null ? options.map((_, k) => k) : options.flatMap((_, k) => (keep![k] ? [k] : []));
  const fill = o.fill ?? true;
  return defineProblem({
    primary: fill ? [...cellItems, ...names] : names,
    secondary: fill ? [] : cellItems,
    options: kept.map((k) => options[k]!),
    data: kept.map((k) => data[k]!),
  });
}

/** The twelve pentominoes with their usual names (F I L N P T U V W X Y Z). */
export const PENTOMINOES: readonly PieceSpec[] = Object.freeze(
  (
    [
      ['F', '.##\n##.\n.#.'],
      ['I', '#####'],
      ['L', '####\n#...'],
      ['N', '##..\n.###'],
      ['P', '##\n##\n#.'],
      ['T', '###\n.#.\n.#.'],
      ['U', '#.#\n###'],
      ['V', '#..\n#..\n###'],
      ['W', '#..\n##.\n.##'],
      ['X', '.#.\n###\n.#.'],
      ['Y', '####\n.#..'],
      ['Z', '##.\n.#.\n.##'],
    ] as const
  ).map(([name, cells]) => Object.freeze({ name, cells })),
);

/**
 * The twelve pentominoes on a rows × columns board (6×10 by default). With `breakSymmetry: true` the X piece is
 * restricted to one placement per board symmetry, so each solution is counted once up to symmetry.
 */
export function pentominoProblem(rows = 6, columns = 10, options?: { breakSymmetry?: boolean }): Problem<Placement> {
  const o = optionsOf(options, 'pentominoProblem');
  return packingProblem({
    board: rectangle(rows, columns),
    pieces: PENTOMINOES,
    ...(o.breakSymmetry === true ? { breakSymmetry: 'X' } : {}),
  });
}

/** Draws placements on the board: each cell shows its piece's name (first character), `.` if empty. */
export function formatPacking(board: readonly Cell[] | string, placements: readonly Placement[]): string {
  const cells = cellList(board, 'the board');
  if (!Array.isArray(placements)) throw new TypeError(`placements must be an array of { piece, cells }; got ${describeValue(placements)}`);
  const label = new Map<string, string>();
  for (const [r, c] of cells) label.set(key(r, c), '.');
  for (const { piece, cells: placed } of placements) for (const [r, c] of placed) label.set(key(r, c), [...piece][0]!);
  let minR = Infinity;
  let maxR = -Infinity;
  let minC = Infinity;
  let maxC = -Infinity;
  for (const [r, c] of cells) {
    minR = Math.min(minR, r);
    maxR = Math.max(maxR, r);
    minC = Math.min(minC, c);
    maxC = Math.max(maxC, c);
  }
  const lines: string[] = [];
  for (let r = minR; r <= maxR; r++) {
    let line = '';
    for (let c = minC; c <= maxC; c++) line += label.get(key(r, c)) ?? ' ';
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}
