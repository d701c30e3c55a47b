// pnpm --filter @puzzles/wordle bench: the pattern matrix build, scoring throughput and the full-solve evaluation,
// each beside a baseline measured in the same run (or a named figure: Selby's proven optimum).
import { cpus, loadavg } from 'node:os';
import { allowedGuesses as originalGuesses, answers as originalAnswers, buildPatternMatrix, createSolver, scoreCode, scoreGuess } from '../src/index.js';
import { keep, measure, rate as fmt, time } from '@puzzles/testkit/bench';

const answers = originalAnswers();
const allowedGuesses = originalGuesses();

/** The baseline: a straightforward matrix build, as a quick script would write it (strings, a counts object, two passes). */
function naiveScore(guess: string, answer: string): number {
  const left: Record<string, number> = {};
  const marks = [0, 0, 0, 0, 0];
  for (let i = 0; i < 5; i++) {
    if (guess[i] === answer[i]) marks[i] = 2;
    else left[answer[i]!] = (left[answer[i]!] ?? 0) + 1;
  }
  for (let i = 0; i < 5; i++) {
    if (marks[i] === 2) continue;
    const c = guess[i]!;
    if ((left[c] ?? 0) > 0) {
      marks[i] = 1;
      left[c]!--;
    }
  }
  return marks[0]! + 3 * marks[1]! + 9 * marks[2]! + 27 * marks[3]! + 81 * marks[4]!;
}

/** The baseline build: the straightforward two-pass score of every pair, on letter codes in typed arrays. */
function naiveMatrix(): Uint8Array {
  const G = allowedGuesses.length;
  const A = answers.length;
  const letters = new Uint8Array(G * 5);
  allowedGuesses.forEach((w, g) => {
    for (let i = 0; i < 5; i++) letters[g * 5 + i] = w.charCodeAt(i) - 97;
  });
  const codes = new Uint8Array(G * A);
  const left = new Int8Array(26);
  const marks = new Uint8Array(5);
  for (let g = 0; g < G; g++) {
    for (let a = 0; a < A; a++) {
      left.fill(0);
      for (let i = 0; i < 5; i++) {
        const x = letters[a * 5 + i]!;
        if (letters[g * 5 + i] === x) marks[i] = 2;
        else {
          marks[i] = 0;
          left[x]!++;
        }
      }
      let code = 0;
      for (let i = 0, w = 1; i < 5; i++, w *= 3) {
        if (marks[i] === 2) code += 2 * w;
        else {
          const y = letters[g * 5 + i]!;
          if (left[y]! > 0) {
            left[y]!--;
            code += w;
          }
        }
      }
      codes[g * A + a] = code;
    }
  }
  return codes;
}

console.log(`@puzzles/wordle bench — node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log('(shared machine: absolute figures are noisy; compare the ratios measured in the same run)\n');

// 1. The pattern matrix.
const ours = time(() => buildPatternMatrix(), { runs: 5, warmups: 0 });
const naive = time(naiveMatrix, { runs: 3, warmups: 0 });
const a = buildPatternMatrix().codes;
const b = naiveMatrix();
let same = a.length === b.length;
for (let i = 0; same && i < a.length; i++) same = a[i] === b[i];
console.log('Pattern matrix, 12,972 × 2,315 = 30,030,180 codes');
console.log(`  ours (lookup tables)       median ${fmt(ours.median)} ms   goal ≤ 1,000 ms`);
console.log(`  straightforward two-pass   median ${fmt(naive.median)} ms   ratio ${(naive.median / ours.median).toFixed(1)}×`);
console.log(`  a quick script (earlier)   2,100–2,800 ms       ratio ${(2100 / ours.median).toFixed(1)}–${(2800 / ours.median).toFixed(1)}×`);
console.log(`  identical to the naive build: ${same ? 'yes' : 'NO'}\n`);

// 2. Scoring throughput.
const pairs = Array.from({ length: 4096 }, (_, i) => [allowedGuesses[(i * 7919) % allowedGuesses.length]!, answers[(i * 104729) % answers.length]!] as const);
const rate = (fn: (g: string, a: string) => unknown) =>
  measure({
    name: '',
    run: (n) => {
      let x = 0;
      for (let i = 0; i < n; i++) {
        const [g, ans] = pairs[i & 4095]!;
        x ^= fn(g, ans) === 0 ? 1 : 0;
      }
      return x;
    },
  }).perSecond;
const codeRate = rate(scoreCode);
const marksRate = rate(scoreGuess);
const naiveRate = rate(naiveScore);
console.log('Scoring one guess (strings in)');
console.log(`  scoreCode  (code 0-242)    ${fmt(codeRate)} /s`);
console.log(`  scoreGuess (five marks)    ${fmt(marksRate)} /s`);
console.log(`  naive scorer (same run)    ${fmt(naiveRate)} /s   (scoreCode ratio ${(codeRate / naiveRate).toFixed(2)}×)`);
console.log(`  matrix lookups             ${fmt(30_030_180 / (ours.median / 1000))} codes/s during the build\n`);

// 3. The full-solve evaluation (the matrix is built and cached above; each solver starts with an empty memo).
console.log('Full-solve evaluation: every one of the 2,315 answers, opener salet');
const selby = { normal: 7920, hard: 8122 } as const;
for (const [hardMode, width] of [
  [false, 1],
  [false, 12],
  [true, 1],
  [true, 12],
  [true, 30],
] as const) {
  const t = time(() => createSolver({ hardMode, width }).evaluate(), { runs: width > 12 ? 1 : 3, warmups: 0 });
  const s = createSolver({ hardMode, width }).evaluate();
  const optimum = hardMode ? selby.hard : selby.normal;
  const dist = Object.entries(s.distribution).map(([k, v]) => `${k}:${v}`).join(' ');
  console.log(
    `  ${hardMode ? 'hard  ' : 'normal'} width ${String(width).padStart(2)}  total ${fmt(s.total)} (avg ${s.average.toFixed(4)}, max ${s.max}, failures ${s.failures.length})` +
      `  vs Selby ${fmt(optimum)} (+${s.total - optimum})  median ${(t.median / 1000).toFixed(2)} s  [${dist}]`,
  );
}
console.log('\n(width 1 = one-step heuristic; width 12 is the default; goals: ≤ 7,950 normal, ≤ 8,200 hard, no failures)');
keep();
