// pnpm --filter @puzzles/mastermind exec tsx bench/next-guess.ts [strategy...]
// Checks that nextGuess (and so `mastermind assist`) agrees with solve on every 4 × 6 secret, for the strategies given
// (default: optimal, whose 4 × 6 tree takes 25-40 s to search, too long for the unit tests; the others are checked
// on every secret in test/next-guess.test.ts). The search runs once: its memo serves every later call.
import { STRATEGIES, nextGuess, solve, type StrategyName } from '@puzzles/mastermind';

const strategies = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['optimal']) as StrategyName[];
const letters = 'abcdef';
const secrets: string[] = [];
for (let i = 0; i < 1296; i++) secrets.push([216, 36, 6, 1].map((w) => letters[Math.floor(i / w) % 6]).join(''));

let failures = 0;
for (const strategy of strategies) {
  if (!STRATEGIES.includes(strategy)) throw new Error(`unknown strategy ${strategy}`);
  const options = strategy === 'state-machine' ? { strategy, first: 'a' } : { strategy };
  const started = performance.now();
  const asked = new Map<string, string | undefined>();
  let checks = 0;
  let total = 0;
  for (const secret of secrets) {
    const { turns } = solve(secret, options);
    total += turns.length;
    for (let k = 0; k <= turns.length; k++) {
      const history = turns.slice(0, k);
      const key = history.map((t) => `${t.guess} ${t.black} ${t.white}`).join(' ');
      if (!asked.has(key)) asked.set(key, nextGuess(history, options).guess);
      const expected = k < turns.length ? turns[k]!.guess : undefined;
      checks++;
      if (asked.get(key) !== expected) {
        failures++;
        console.log(`${strategy} ${secret} turn ${k + 1}: nextGuess ${asked.get(key)}, solve ${expected}`);
      }
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${strategy}: nextGuess agrees with solve on ${secrets.length} secrets (${checks} turns, ${asked.size} distinct histories, ${total} guesses) in ${seconds} s`);
}
if (failures > 0) {
  console.log(`${failures} disagreements`);
  process.exit(1);
}
