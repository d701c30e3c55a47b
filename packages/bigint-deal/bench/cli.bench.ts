// pnpm --filter @puzzles/bigint-deal bench:cli (after a build)
// What a user of the command pays, beside Hans van Staveren's dealer (Debian's /usr/games/dealer) in the same run: the
// CPU time (user + system) of the whole process, start-up and printing included, for the rare condition
// `hcp(north) >= 22 and hcp(south) >= 10`, 1,000 deals produced, each printed on one line. Both programs get the same
// work: dealer runs a script (generate 100,000,000, produce 1,000, the condition, printoneline); ours runs that very
// script (--script), and the same condition as --where with --format pbn (one line a deal). Runs alternate, each with
// a new seed; the figures are medians of 7 runs (the machine is shared, and CPU time is steadier than wall time).
// Without dealer, our figures are printed alone, and the comparison is skipped with a line saying so. A bare start of
// node (`node -e ''`) is measured in the same rounds, for scale.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEALER = '/usr/games/dealer';
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const ROUNDS = 7;
const CONDITION = 'hcp(north) >= 22 and hcp(south) >= 10';

const dir = mkdtempSync(join(tmpdir(), 'bigint-deal-cli-bench-'));
const script = join(dir, 'rare.dl');
writeFileSync(script, `generate 100000000\nproduce 1000\ncondition ${CONDITION}\naction printoneline\n`);
const out = join(dir, 'out');

/** Runs a command line under bash, output to a file; its children's CPU seconds (bash's `times`) and its output. */
function run(command: string): { cpu: number; lines: number; text: string } {
  const result = spawnSync('bash', ['-c', `${command} > ${out}; status=$?; times; wc -l < ${out}; tail -3 ${out}; exit $status`], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr}`);
  const [, children, lines, ...tail] = result.stdout.split('\n');
  const cpu = (children!.match(/(\d+)m([\d.]+)s/g) ?? []).map((t) => {
    const [, m, s] = /(\d+)m([\d.]+)s/.exec(t)!;
    return Number(m) * 60 + Number(s);
  });
  return { cpu: cpu.reduce((a, b) => a + b, 0), lines: Number(lines), text: tail.join('\n') };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const commands: [string, (seed: number) => string][] = [
  ['ours, --script (the same dealer script)', (seed) => `node ${CLI} --script ${script} --seed ${seed}`],
  ['ours, --where … --format pbn', (seed) => `node ${CLI} --where "${CONDITION}" --count 1000 --seed ${seed} --format pbn`],
];
const hasDealer = existsSync(DEALER);
if (hasDealer) commands.unshift(['dealer', (seed) => `${DEALER} -s ${seed} ${script}`]);
// For scale, not compared: what a bare start of node costs in the same runs (it is in both of our figures).
const BARE = "node alone (node -e '')";
commands.push([BARE, () => `node -e ''`]);
const cpu = new Map<string, number[]>(commands.map(([name]) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, command] of commands) {
    const { cpu: seconds, lines, text } = run(command(round + 1));
    // Both print a line a deal (dealer adds its report at the end): check that the work was done.
    if (name !== BARE && (lines < 1000 || (name === 'dealer' && !/Produced 1000 hands/.test(text)))) throw new Error(`${name} printed ${lines} lines:\n${text}`);
    cpu.get(name)!.push(seconds);
  }
}

console.log(`the command, ${CONDITION}, 1,000 deals printed one a line: CPU seconds (user + system), median of ${ROUNDS} alternating runs`);
const dealerCpu = hasDealer ? median(cpu.get('dealer')!) : undefined;
for (const [name] of commands) {
  const ours = median(cpu.get(name)!);
  const ratio = dealerCpu !== undefined && name !== 'dealer' && name !== BARE ? `; dealer / ours = ${(dealerCpu / ours).toFixed(1)}x (aimed at 10x or more)` : '';
  console.log(`  ${name}: ${ours.toFixed(3)} s (runs: ${cpu.get(name)!.map((s) => s.toFixed(2)).join(' ')})${ratio}`);
}
if (!hasDealer) console.log('  dealer is not installed (apt-get install dealer): no side-by-side figure');
// node reads the file NODE_EXTRA_CA_CERTS names (and parses every certificate in it) as it starts, whatever it runs.
if (process.env.NODE_EXTRA_CA_CERTS) console.log(`  note: NODE_EXTRA_CA_CERTS is set (${process.env.NODE_EXTRA_CA_CERTS}): every node start above reads and parses those certificates`);
