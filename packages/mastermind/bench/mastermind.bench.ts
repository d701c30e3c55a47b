// pnpm --filter @puzzles/mastermind bench
// Scoring throughput beside a naive string scorer measured in the same run, full evaluations of every
// strategy over all 4 × 6 secrets, the exact optimal search, and the 5 × 8 heuristics, with the published figures.
import { codeSpace, evaluate, score, type Evaluation, type StrategyName } from '@puzzles/mastermind';
import { measurePair, rate } from '@puzzles/testkit/bench';

/** The naive string scorer: the Mastermind design essay's second design on strings (black by position, white by pairing unused pegs). */
function naiveScore(secret: string, guess: string): number {
  const secretUsed = [false, false, false, false, false, false, false, false];
  const guessUsed = [false, false, false, false, false, false, false, false];
  let black = 0;
  for (let i = 0; i < secret.length; i++) if (secret[i] === guess[i]) (black++, (secretUsed[i] = guessUsed[i] = true));
  let white = 0;
  for (let i = 0; i < guess.length; i++) {
    if (guessUsed[i]) continue;
    for (let j = 0; j < secret.length; j++) {
      if (!secretUsed[j] && secret[j] === guess[i]) {
        white++;
        secretUsed[j] = true;
        break;
      }
    }
  }
  return black * (secret.length + 1) + white;
}

const space = codeSpace();
const big = codeSpace({ pegs: 5, colors: 8 });
const PAIRS = 1 << 16;
let x = 12345;
const next = (bound: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) % bound);
const pairs = Int32Array.from({ length: 2 * PAIRS }, () => next(space.size));
const bigPairs = Int32Array.from({ length: 2 * PAIRS }, () => next(big.size));
const strings = Array.from(pairs, (i) => space.format(i));
const bigStrings = Array.from(bigPairs, (i) => big.format(i));
for (let k = 0; k < 1000; k++) {
  if (space.score(pairs[2 * k]!, pairs[2 * k + 1]!) !== naiveScore(strings[2 * k + 1]!, strings[2 * k]!)) throw new Error('4x6 disagrees with the naive string scorer');
  if (big.score(bigPairs[2 * k]!, bigPairs[2 * k + 1]!) !== naiveScore(bigStrings[2 * k + 1]!, bigStrings[2 * k]!)) throw new Error('5x8 disagrees with the naive string scorer');
  const t = score(strings[2 * k + 1]!, strings[2 * k]!);
  if (t.black * 5 + t.white !== naiveScore(strings[2 * k + 1]!, strings[2 * k]!)) throw new Error('score() disagrees with the naive string scorer');
}

const loop = (f: (k: number) => number) => (n: number) => {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += f(i & (PAIRS - 1));
  return sum;
};
const rows: Array<[string, string, string, string]> = [];
const scoring = (name: string, ours: (n: number) => number, naive: (n: number) => number) => {
  const [o, a] = measurePair({ name, run: ours }, { name: `${name} naive`, run: naive });
  rows.push([name, `${rate(o.perSecond)}/s`, `${rate(a.perSecond)}/s`, `${(o.perSecond / a.perSecond).toFixed(1)}x`]);
};
// Each case has its own loop (not one shared higher-order loop), so no call site is shared between cases.
const naiveOn = (texts: string[]) => (n: number) => {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const k = i & (PAIRS - 1);
    sum += naiveScore(texts[2 * k + 1]!, texts[2 * k]!);
  }
  return sum;
};
scoring(
  'score 4x6 (table look-up)',
  (n) => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const k = i & (PAIRS - 1);
      sum += space.score(pairs[2 * k]!, pairs[2 * k + 1]!);
    }
    return sum;
  },
  naiveOn(strings),
);
scoring(
  'score 5x8 (factorised tables)',
  (n) => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const k = i & (PAIRS - 1);
      sum += big.score(bigPairs[2 * k]!, bigPairs[2 * k + 1]!);
    }
    return sum;
  },
  naiveOn(bigStrings),
);
const stringScoring = (name: string, texts: string[], size?: { pegs: number; colors: number }) =>
  scoring(
    name,
    (n) => {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & (PAIRS - 1);
        const s = score(texts[2 * k + 1]!, texts[2 * k]!, size);
        sum += s.black * 16 + s.white;
      }
      return sum;
    },
    naiveOn(texts),
  );
stringScoring('score() on strings, 4x6', strings);
stringScoring('score() 4x6, with its size', strings, { pegs: 4, colors: 6 });
stringScoring('score() 5x8, with its size', bigStrings, { pegs: 5, colors: 8 });

console.log(`@puzzles/mastermind on Node ${process.version}; the machine is shared, so timings are noisy.`);
console.log('\nScoring throughput (median of 7 rounds, ours and the naive scorer alternating), ours vs a naive string scorer :');
for (const [name, ours, naive, ratio] of rows) console.log(`  ${name.padEnd(32)}${ours.padStart(16)}${naive.padStart(16)}${ratio.padStart(8)}`);
// `pnpm --filter @puzzles/mastermind bench -- scoring` stops here.
if (process.argv.includes('scoring')) process.exit(0);

function timed(run: () => Evaluation, rounds: number): { result: Evaluation; ms: number } {
  const times: number[] = [];
  let result: Evaluation | undefined;
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    result = run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { result: result!, ms: times[Math.floor(times.length / 2)]! };
}

const show = (label: string, { result, ms }: { result: Evaluation; ms: number }, published: string, goal: string) => {
  const ours = `${result.total} (avg ${result.average.toFixed(4)}, max ${result.max})`;
  console.log(`  ${label.padEnd(26)}${ours.padEnd(32)}${published.padEnd(32)}${`${(ms / 1000).toFixed(2)} s`.padStart(9)}   ${goal}`);
};

console.log('\n4 pegs x 6 colors, all 1,296 secrets (median of 5 runs):');
console.log(`  ${'strategy'.padEnd(26)}${'ours'.padEnd(32)}${'published'.padEnd(32)}${'time'.padStart(9)}   goal`);
const published: Array<[StrategyName, string]> = [
  ['simple', '7471 (avg 5.765, max 9)'],
  ['knuth', '5801 (avg 4.476, max 5)'],
  ['entropy', '5722 (avg 4.415, max 6)'],
  ['expected-size', '5696 (avg 4.395, max 6)'],
  ['most-parts', '5668 (avg 4.373, max 6)'],
];
for (const [strategy, figure] of published) {
  const run = timed(() => evaluate({ strategy }), 5);
  show(`${strategy} from ${run.result.opener}`, run, figure, '< 0.5 s');
}
const machineRun = timed(() => evaluate({ strategy: 'state-machine', seed: 'bench' }), 3);
show('state machine (essay)', machineRun, '(not published)', '');
const optimal = timed(() => evaluate({ strategy: 'optimal' }), 1);
show(`optimal (search from ${optimal.result.opener})`, optimal, '5625 (avg 4.3403)', '< 60 s');
console.log(`  optimal distribution: ${Object.values(optimal.result.distribution).join('/')}`);

console.log('\n5 pegs x 8 colors, all 32,768 secrets, opener aabbc (one run each):');
const published58: Array<[StrategyName, string, string]> = [
  ['knuth', '(avg 5.6084)', '< 60 s'],
  ['most-parts', '(avg 5.5491)', '< 60 s'],
  ['expected-size', '(avg 5.4997)', ''],
  ['entropy', '(avg 5.4856)', ''],
];
for (const [strategy, figure, goal] of published58) {
  show(strategy, timed(() => evaluate({ strategy, pegs: 5, colors: 8 }), 1), figure, goal);
}
