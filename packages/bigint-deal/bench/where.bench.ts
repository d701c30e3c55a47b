// pnpm --filter @puzzles/bigint-deal exec tsx bench/where.bench.ts (after a build)
// Deals to order beside Hans van Staveren's dealer (Debian's /usr/games/dealer, run in the same process tree when
// installed): rejection sampling's generated deals per second, exact sampling of rare one- and two-seat conditions, and
// countDeals for one and two seats.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileCondition, countDeals, sampleDeals } from '@puzzles/bigint-deal';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
/** CPU milliseconds of each round, median (the machine is shared: CPU time is steadier than wall time). */
const cpu: number[] = [];
const time = (f: () => void, rounds = 5): number => {
  const ms: number[] = [];
  cpu.length = 0;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    const before = process.cpuUsage();
    f();
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
    ms.push(performance.now() - start);
  }
  return median(ms);
};
const cpuMs = (): number => median(cpu);

const DEALER = '/usr/games/dealer';
/** dealer's run: wall seconds, CPU seconds (bash's `times` for the child), deals generated. */
function dealer(condition: string, produce: number): { seconds: number; cpuSeconds: number; generated: number } | undefined {
  if (!existsSync(DEALER)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'dealer-bench-'));
  const script = join(dir, 'script.dl');
  writeFileSync(script, `generate 100000000\nproduce ${produce}\ncondition ${condition}\naction printoneline\n`);
  const start = performance.now();
  const result = spawnSync('bash', ['-c', `${DEALER} -s 1 ${script} > ${join(dir, 'out')}; cat ${join(dir, 'out')} | tail -4; times`], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (performance.now() - start) / 1000;
  const generated = Number(/Generated (\d+) hands/.exec(result.stdout + result.stderr)?.[1] ?? NaN);
  // `times` prints the shell's then the children's user and system times: "0m1.234s 0m0.010s".
  const children = result.stdout.trim().split('\n').at(-1)!.match(/(\d+)m([\d.]+)s/g) ?? [];
  const cpuSeconds = children.map((t) => { const [, m, sec] = /(\d+)m([\d.]+)s/.exec(t)!; return Number(m) * 60 + Number(sec); }).reduce((a, b) => a + b, 0);
  return { seconds, cpuSeconds, generated };
}

const SHAPE = 'shape(north, "any 4333 + any 4432 + any 5332") && hcp(north) >= 15 && hcp(north) <= 17';
const shape = compileCondition(SHAPE).constraint;
let attempts = 0;
const shapeMs = time(() => {
  attempts = sampleDeals(shape, { count: 10_000, seed: 1 }).attempts;
}, 3);
const ours = attempts / (shapeMs / 1000);
const oursCpu = attempts / (cpuMs() / 1000);
const d1 = dealer('shape(north, any 4333 + any 4432 + any 5332) and hcp(north)>=15 and hcp(north)<=17', 10_000);
console.log(`rejection, 10,000 deals: ${attempts.toLocaleString('en-US')} generated in ${shapeMs.toFixed(0)} ms = ${Math.round(ours).toLocaleString('en-US')} generated deals/s (CPU: ${Math.round(oursCpu).toLocaleString('en-US')}/s)`);
if (d1) {
  console.log(`  dealer: ${d1.generated.toLocaleString('en-US')} in ${d1.seconds.toFixed(2)} s = ${Math.round(d1.generated / d1.seconds).toLocaleString('en-US')}/s; ratio ${(ours / (d1.generated / d1.seconds)).toFixed(2)}x`);
  console.log(`  dealer CPU: ${d1.cpuSeconds.toFixed(2)} s = ${Math.round(d1.generated / d1.cpuSeconds).toLocaleString('en-US')}/s; CPU ratio ${(oursCpu / (d1.generated / d1.cpuSeconds)).toFixed(2)}x`);
}
else console.log('  dealer is not installed (apt-get install dealer): no side-by-side figure');

const rare = { north: { hcp: [22, 37] as [number, number] } };
const rareMs = time(() => void sampleDeals(rare, { count: 1000, seed: 1 }));
const rareCpu = cpuMs();
console.log(`exact sampling, hcp(north) >= 22, 1,000 deals: ${rareMs.toFixed(1)} ms (median of 5; CPU ${rareCpu.toFixed(1)} ms)`);
const d2 = dealer('hcp(north)>=22', 1000);
if (d2) console.log(`  dealer: ${d2.seconds.toFixed(2)} s (CPU ${d2.cpuSeconds.toFixed(2)} s); ratio ${(d2.seconds * 1000 / rareMs).toFixed(1)}x faster (CPU ${(d2.cpuSeconds * 1000 / rareCpu).toFixed(1)}x)`);
const twoSeat = 'hcp(north)>=22 and hcp(south)>=10';
const two = compileCondition(twoSeat).constraint;
const twoMs = time(() => void sampleDeals(two, { count: 1000, seed: 1 }));
const twoCpu = cpuMs();
console.log(`exact sampling, ${twoSeat}, 1,000 deals (count and draw): ${twoMs.toFixed(1)} ms (median of 5; CPU ${twoCpu.toFixed(1)} ms)`);
const d3 = dealer(twoSeat, 1000);
if (d3) console.log(`  dealer: ${d3.generated.toLocaleString('en-US')} generated in ${d3.seconds.toFixed(2)} s (CPU ${d3.cpuSeconds.toFixed(2)} s); ratio ${(d3.seconds * 1000 / twoMs).toFixed(1)}x faster (CPU ${(d3.cpuSeconds * 1000 / twoCpu).toFixed(1)}x; aimed at 20x or more)`);
const countMs = time(() => void countDeals({ north: { hcp: [15, 17], spades: [5, 13] } }), 9);
console.log(`countDeals, one seat (hcp and spades): ${countMs.toFixed(2)} ms (median of 9; CPU ${cpuMs().toFixed(2)} ms)`);
const twoCountMs = time(() => void countDeals(two), 9);
console.log(`countDeals, two seats (${twoSeat}): ${twoCountMs.toFixed(1)} ms (median of 9; CPU ${cpuMs().toFixed(1)} ms; aimed at under 50 ms)`);
const ranged = { north: { hcp: [15, 17], spades: [5, 13] }, south: { hcp: [6, 9], hearts: [4, 13] } } as const;
const rangedMs = time(() => void countDeals(ranged), 9);
console.log(`countDeals, two seats with suit lengths (N 15-17 HCP and 5+ spades, S 6-9 HCP and 4+ hearts): ${rangedMs.toFixed(1)} ms (median of 9; CPU ${cpuMs().toFixed(1)} ms)`);

// Shapes: unions of suit-length patterns, counted exactly on one and two seats (aimed at under 50 ms for two seats).
const SHAPES: [string, string][] = [
  ['one seat', 'hcp(north) == 15 && balanced(north)'],
  ['two seats', 'hcp(north) >= 15 && hcp(north) <= 17 && balanced(north) && hcp(south) >= 8'],
  ['two seats', 'hcp(north) >= 15 && hcp(north) <= 17 && balanced(north) && balanced(south)'],
  ['two seats', 'hcp(north) >= 15 && hcp(north) <= 17 && semibalanced(north) && hcp(south) >= 8 && hcp(south) <= 10 && semibalanced(south)'],
  ['two seats', 'hcp(north) >= 15 && hcp(north) <= 17 && shape(north, "any 5xxx") && hcp(east) >= 8 && hcp(east) <= 10 && shape(east, "xxxx - balanced")'],
];
for (const [seats, text] of SHAPES) {
  const constraint = compileCondition(text).constraint;
  let first = 0;
  const ms = time(() => {
    const start = performance.now();
    countDeals(constraint);
    first ||= performance.now() - start;
  }, 9);
  console.log(`countDeals, shapes on ${seats} (${text}): ${ms.toFixed(1)} ms (median of 9; CPU ${cpuMs().toFixed(1)} ms; first call ${first.toFixed(1)} ms)`);
}
const shapeSample = compileCondition(SHAPES[2]![1]).constraint;
const shapeSampleMs = time(() => void sampleDeals(shapeSample, { count: 1000, seed: 1 }));
console.log(`exact sampling, ${SHAPES[2]![1]}, 1,000 deals (count and draw): ${shapeSampleMs.toFixed(1)} ms (median of 5; CPU ${cpuMs().toFixed(1)} ms)`);
