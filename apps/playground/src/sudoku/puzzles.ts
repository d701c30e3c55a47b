// The puzzles offered on the Sudoku page. The page rates each with @puzzles/candidates when it loads (`explainPuzzle`:
// a unique solution, the level and score) and groups them by that level; the browser test checks the labels.

export interface KnownPuzzle {
  /** A short id, also the option value. */
  readonly id: string;
  readonly name: string;
  /** Where the puzzle comes from. */
  readonly source: string;
  /** 81 characters, '.' for an empty cell. */
  readonly givens: string;
}

export const PUZZLES: readonly KnownPuzzle[] = [
  {
    id: 'wikipedia',
    name: "Wikipedia's example",
    source: 'the example puzzle of the Sudoku article on Wikipedia',
    givens: '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79',
  },
  {
    id: 'euler-1',
    name: 'Project Euler 96, grid 01',
    source: 'the first grid of Project Euler problem 96',
    givens: '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..',
  },
  {
    id: 'candidates-medium',
    name: 'The candidates demo, medium',
    source: "the Medium puzzle of @puzzles/candidates' demo (singles, locked candidates and a naked pair)",
    givens: '6....8..2...5.347...7124..6..94.16.......7.....1652...92..45.....8..674..7.8.923.',
  },
  {
    id: 'norvig-hard-1',
    name: "top95 #1 (Norvig's first hard puzzle)",
    source: 'the first puzzle of the top95 collection, used in Peter Norvig\'s "Solving Every Sudoku Puzzle"',
    givens: '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......',
  },
  {
    id: 'candidates-hard',
    name: 'The candidates demo, hard',
    source: "the Hard puzzle of @puzzles/candidates' demo (XYZ-Wing, W-Wing, Skyscraper, XY-Wings)",
    givens: '.7.....6.6.91...5..5..9.4...1.8.6...2....1......97...5.....21.8...4.89...2.7.....',
  },
  {
    id: 'top95-13',
    name: 'top95 #13',
    source: 'puzzle 13 of the top95 collection',
    givens: '..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..',
  },
  {
    id: 'top95-4',
    name: 'top95 #4',
    source: 'puzzle 4 of the top95 collection',
    givens: '48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....',
  },
  {
    id: 'inkala-2012',
    name: "Arto Inkala's \"world's hardest\" (2012)",
    source: 'the puzzle Arto Inkala published in 2012 as the hardest ever; the library gets stuck after a few forcing-net steps',
    givens: '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
  },
];
