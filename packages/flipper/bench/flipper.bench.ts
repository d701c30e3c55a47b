// pnpm --filter @puzzles/flipper bench
// Classic Lights Out, n×n, random solvable boards: solveLightsOut (the built package, as users call it) beside the
// plain script (bench/plain-chasing.ts, a quick straightforward bit-packed light-chasing script) measured in the same run. Every
// solution is verified by applying the presses. Also: the flipper's 512 positions, and the general GF(2) solver.
import { cpus, loadavg } from 'node:os';
import {
  analyzePuzzle,
  applyLightsOut,
  createPuzzle,
  lightsOutPuzzle,
  randomLightsOutBoard,
  solve,
  solveLightsOut,
  solvePuzzle,
} from '@puzzles/flipper';
import { plainChasingSolve } from './plain-chasing.js';
import { time } from '@puzzles/testkit/bench';

const SIZES = [200, 500, 1000, 2000];

console.log(`@puzzles/flipper on Node ${process.version}, ${cpus().length} cores, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log('classic Lights Out n×n, random solvable board (seeded), median ms per solve (light chasing + verification);');
console.log('ratio = plain / ours. The machine is shared with other jobs: absolute figures are noisy.');
const pad = (s: string, n: number) => s.padEnd(n);
console.log('  ours   = solveLightsOut (default: the chase\'s linear maps from one reflected kernel row, then elimination)');
console.log('  affine = solveLightsOut { method: "affine" } (every cell chased as an (n+1)-bit affine vector, band-limited)');
console.log('  plain  = bench/plain-chasing.ts, a quick straightforward bit-packed light-chasing script');
console.log(`${pad('n', 7)}${pad('ours', 10)}${pad('affine', 10)}${pad('plain', 10)}${pad('ratio', 8)}presses, nullity`);

// Warm both up on a small board first, so the first size measured is not mostly compilation.
const warm = randomLightsOutBoard(64, 64, { seed: 'warm' });
for (let i = 0; i < 5; i++) {
  solveLightsOut(warm, 64);
  plainChasingSolve(warm, 64);
}

for (const n of SIZES) {
  const board = randomLightsOutBoard(n, n, { seed: n });
  const ours = solveLightsOut(board, n);
  const plain = plainChasingSolve(board, n);
  // Check both answers before timing anything: applying the presses must clear the board.
  const cleared = (presses: Uint32Array | null) =>
    presses !== null && applyLightsOut(board, presses, n).every((w) => w === 0);
  if (!ours.verified || !cleared(ours.presses)) throw new Error(`n = ${n}: our presses do not clear the board`);
  if (!plain.verified || !cleared(plain.presses)) throw new Error(`n = ${n}: the plain script's presses do not clear the board`);
  const runs = n >= 2000 ? 3 : 5;
  const affine = solveLightsOut(board, n, n, { method: 'affine' });
  if (affine.pressCount !== ours.pressCount || !affine.verified) throw new Error(`n = ${n}: the two methods disagree`);
  const o = time(() => solveLightsOut(board, n), { runs, warmups: 0 }).median;
  const f = time(() => solveLightsOut(board, n, n, { method: 'affine' }), { runs, warmups: 0 }).median;
  const a = time(() => plainChasingSolve(board, n), { runs, warmups: 0 }).median;
  console.log(
    `${pad(String(n), 7)}${pad(o.toFixed(1), 10)}${pad(f.toFixed(1), 10)}${pad(a.toFixed(1), 10)}${pad(`${(a / o).toFixed(1)}x`, 8)}${ours.pressCount}, ${ours.nullity}`,
  );
}

// The small things, for scale.
const all = time(() => {
  let total = 0;
  for (let p = 0; p < 512; p++) total += solve(p).length;
  return total;
}, { runs: 7, warmups: 3 });
console.log(`flipper: solve() of all 512 positions: ${(all.median * 1000).toFixed(0)} µs (${((512 / all.median) * 1000).toFixed(0)} positions/s)`);
for (const n of [5, 19, 40]) {
  const board = randomLightsOutBoard(n, n, { seed: `general ${n}` });
  // Lights Out with its moves numbered backwards: the same game, not recognised as classic, so solved by elimination.
  const moves = lightsOutPuzzle(n).moves.slice().reverse();
  const t = time(() => {
    const puzzle = createPuzzle({ rows: n, cols: n, moves }); // a fresh puzzle: elimination is not cached between runs
    return solvePuzzle(puzzle, board);
  }, { runs: 5, warmups: 1 });
  const c = time(() => solvePuzzle(lightsOutPuzzle(n), board), { runs: 5, warmups: 1 });
  const { nullity } = analyzePuzzle(lightsOutPuzzle(n));
  console.log(
    `general GF(2) solver, Lights Out ${n}×${n} (nullity ${nullity}): elimination + fewest-press search ${t.median.toFixed(2)} ms; ` +
      `as classic Lights Out (light chasing) ${c.median.toFixed(2)} ms`,
  );
}
