import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectOneLineErrors, fuzzCli, peakMemory, runBin, runShell, type CliRun } from '@puzzles/testkit/cli';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GOAL,
  applyLightsOut,
  applyMoves,
  bitsOf,
  boardOf,
  formatPosition,
  parsePosition,
  randomLightsOutBoard,
  randomPosition,
  seededRandom,
  solve,
  solveLightsOut,
} from '../src/index.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

const run = (args: readonly string[], input?: string): CliRun => runBin(cli, args, input === undefined ? {} : { input });

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing`);
});

describe('flipper (play)', () => {
  it("plays the blog post's game from a pipe and congratulates", () => {
    const { code, stdout, stderr } = run(['--start', '110011101'], '3\n2\n4\n6\n8\n');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain(' 1 1 0\n 0 1 1\n 1 0 1\nMoves: 0\n');
    expect(stdout).toContain('3\n 1 0 1\n 0 0 0\n 1 0 1\nMoves: 1\n');
    expect(stdout).toContain('8\n 1 1 1\n 1 0 1\n 1 1 1\nMoves: 5\n');
    expect(stdout.trimEnd().endsWith('Congratulations, you finished in 5 moves.')).toBe(true);
  });

  it('also plays as `flipper play` (the name the command has in messages), and takes no operands', () => {
    expect(run(['play', '--start', '110011101'], 'q\n')).toMatchObject({ code: 0, stderr: '' });
    expect(run(['play', 'x']).stderr).toMatch(/^flipper: unexpected argument 'x'; run/);
  });

  it('takes several moves per line, resets, hints and quits', () => {
    const { code, stdout } = run(['--start', '110011101'], '1 2\nr\nh\nq\n9\n');
    expect(code).toBe(0);
    expect(stdout).toContain('Moves: 2');
    expect(stdout).toContain('Back to the start.\n 1 1 0\n 0 1 1\n 1 0 1\nMoves: 0');
    expect(stdout).toContain('Hint: move 2 (5 moves to go)');
    expect(stdout.endsWith('q\n')).toBe(true); // the 9 after q was never played
  });

  it('following the hints solves a seeded puzzle; --seed makes it reproducible; n deals a new one', () => {
    const first = run(['--seed', '2008'], 'q\n').stdout;
    expect(run(['--seed', '2008'], 'q\n').stdout).toBe(first);
    const grid = first.split('\n').slice(2, 5).join('');
    const start = parsePosition(grid.replace(/\s/g, ''));
    const moves = solve(start);
    const played = run(['--seed', '2008'], `${moves.join('\n')}\n`);
    expect(played.stdout).toContain(`Congratulations, you finished in ${moves.length} move${moves.length === 1 ? '' : 's'}.`);
    const next = run(['--seed', '2008'], 'n\nq\n').stdout;
    expect(next).toContain('New puzzle.');
    // The new puzzle comes from the same seeded stream as the library's newGame({ random }).
    const random = seededRandom('2008');
    randomPosition({ random });
    const second = formatPosition(randomPosition({ random }));
    expect(next.split('New puzzle.\n')[1]!.split('\n').slice(0, 3).join('').replace(/\s/g, '')).toBe(second);
  });

  it('reports bad commands and moves on a solved puzzle on stderr and goes on', () => {
    const { code, stdout, stderr } = run(['--start', formatPosition(applyMoves(GOAL, [4]))], 'x\n4\n4\n');
    expect(code).toBe(0);
    expect(stderr).toContain("flipper: 'x' is not a command; type a move 1-9, n, r, h or q");
    expect(stderr).toContain('flipper: the puzzle is solved; n for a new puzzle, r to replay it, q to quit');
    expect(stdout).toContain('Congratulations, you finished in 1 move.\n');
  });

  it('ends a piped game fed only junk after 10 lines in a row without a move or command, exit 1', () => {
    // `yes | flipper` would otherwise never end: 10,000 lines stand for the endless stream.
    const { code, stdout, stderr } = run(['--seed', '1'], 'y\n'.repeat(10_000));
    expect(code).toBe(1);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines.slice(0, 10).every((line) => line === "flipper: 'y' is not a command; type a move 1-9, n, r, h or q")).toBe(true);
    expect(lines[10]).toBe('flipper: standard input line 10: 10 lines in a row without a move or command; the game ends');
    expect(stdout.match(/^y$/gm)).toHaveLength(10);
    // A move in between starts the count again; moves on a solved puzzle do not count as play.
    const mixed = run(['--start', '110011101'], `${'y\n'.repeat(9)}5\n${'y\n'.repeat(9)}q\n`);
    expect(mixed).toMatchObject({ code: 0 });
    const solved = run(['--start', formatPosition(applyMoves(GOAL, [4]))], `4\n${'4\n'.repeat(15)}`);
    expect(solved.code).toBe(1);
    expect(solved.stderr).toMatch(/flipper: standard input line 11: 10 lines in a row without a move or command; the game ends\n$/);
  });
});

describe('flipper solve', () => {
  it('prints the moves of each position, "none" at the goal', () => {
    expect(run(['solve', '101010101'])).toMatchObject({ code: 0, stdout: '1 2 3 4 5 6 7 8 9\n', stderr: '' });
    expect(run(['solve', '111111111', '111101111', '110011101']).stdout).toBe('1 3 5 7 9\nnone\n2 3 4 6 8\n');
  });

  it('prints one JSON object per position', () => {
    const { code, stdout } = run(['solve', '111111111', '000000000', '--json']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('{"position":"111111111","moves":[1,3,5,7,9]}');
    expect(JSON.parse(lines[1]!)).toEqual({ position: '000000000', moves: solve(0) });
  });

  it('reads positions from stdin and names the bad lines, exit 1', () => {
    const { code, stdout, stderr } = run(['solve', '-'], '110011101\n\n12\n111111111\nabcdefghi\n');
    expect(code).toBe(1);
    expect(stdout).toBe('2 3 4 6 8\n1 3 5 7 9\n');
    expect(stderr).toBe(
      "flipper: standard input line 3: a position must be 9 digits 0 or 1, square 1 first (like 101010101); got '12'\n" +
        "flipper: standard input line 5: a position must be 9 digits 0 or 1, square 1 first (like 101010101); got 'abcdefghi'\n",
    );
    const all = Array.from({ length: 512 }, (_, p) => formatPosition(p));
    const json = run(['solve', '-', '--json'], all.join('\n'));
    expect(json.code).toBe(0);
    json.stdout
      .trim()
      .split('\n')
      .forEach((line, p) => expect(JSON.parse(line)).toEqual({ position: all[p], moves: solve(p) }));
  });

  it('names the first five bad lines of a flood, counts the rest in one line, and solves every good one', () => {
    // `yes | flipper solve -` is endless: 20,000 bad lines with a good one every 100th stand for it.
    const input = Array.from({ length: 20_000 }, (_, i) => (i % 100 === 99 ? '110011101' : 'y')).join('\n');
    const { code, stdout, stderr } = run(['solve', '-'], input);
    expect(code).toBe(1);
    expect(stdout).toBe('2 3 4 6 8\n'.repeat(200));
    const lines = stderr.trimEnd().split('\n');
    expect(lines.slice(0, 5)).toEqual([1, 2, 3, 4, 5].map((n) => `flipper: standard input line ${n}: a position must be 9 digits 0 or 1, square 1 first (like 101010101); got 'y'`));
    expect(lines.slice(5)).toEqual(['flipper: … and 19,795 more bad lines']);
  });

  it('rejects a bad argument with exit 1', () => {
    expect(run(['solve', '2'])).toMatchObject({ code: 1, stdout: '' });
  });
});

describe('flipper lights-out', () => {
  it('--size 5 reports rank 23 and nullity 2, and solves and verifies', () => {
    const { code, stdout } = run(['lights-out', '--size', '5', '--seed', '1']);
    expect(code).toBe(0);
    expect(stdout).toContain('Lights Out 5×5');
    expect(stdout).toContain('rank 23, nullity 2');
    expect(stdout).toMatch(/presses \(the fewest of all solutions\), verified, in [\d.]+ ms/);
    const json = JSON.parse(run(['lights-out', '--size', '5', '--seed', '1', '--json']).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ rows: 5, cols: 5, rank: 23, nullity: 2, solvable: true, minimal: true, verified: true });
  });

  it('solves a large board and a non-square one with --json', () => {
    const big = JSON.parse(run(['lights-out', '--size', '300', '--seed', '1', '--json']).stdout) as Record<string, unknown>;
    expect(big).toMatchObject({ rows: 300, cols: 300, rank: 90000 - (big.nullity as number), solvable: true, verified: true });
    expect(run(['lights-out', '--size', '300', '--seed', '1', '--json']).stdout.replace(/"ms":[\d.]+/, '')).toBe(
      run(['lights-out', '--size', '300', '--seed', '1', '--json']).stdout.replace(/"ms":[\d.]+/, ''),
    );
    const wide = JSON.parse(run(['lights-out', '--rows', '4', '--cols', '9', '--seed', '3', '--json']).stdout) as Record<string, unknown>;
    expect(wide).toMatchObject({ rows: 4, cols: 9, solvable: true, verified: true });
  });

  it('solves a board from a file or stdin, and says when it cannot', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flipper-'));
    const file = join(dir, 'board.txt');
    writeFileSync(file, ' 0 1 0\n 1 1 1\n 0 1 0\n');
    const { code, stdout } = run(['lights-out', '--board', file]);
    expect(code).toBe(0);
    expect(stdout).toContain('presses:\n 0 0 0\n 0 1 0\n 0 0 0\n1 press, verified');
    expect(stdout).toContain(': 5 lights on\n');
    // A byte-order mark at the start of the file is not a cell (it was: "grid row 1 must be cells 0 or 1").
    expect(run(['lights-out', '--board', '-'], '\uFEFF 0 1 0\r\n 1 1 1\r\n 0 1 0\r\n')).toMatchObject({ code: 0, stderr: '' });
    const corner = run(['lights-out', '--board', '-', '--json'], ' 1 0 0 0 0\n 0 0 0 0 0\n 0 0 0 0 0\n 0 0 0 0 0\n 0 0 0 0 0\n');
    expect(corner.code).toBe(1);
    expect(JSON.parse(corner.stdout)).toMatchObject({ rows: 5, cols: 5, rank: 23, nullity: 2, solvable: false, verified: false, presses: null });
    const bad = run(['lights-out', '--board', '-'], ' 1 0\n 0 2\n');
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toBe("flipper: standard input: grid row 2 must be cells 0 or 1 separated by spaces; got ' 0 2'\n");
    expect(run(['lights-out', '--board', join(dir, 'missing.txt')]).stderr).toMatch(/^flipper: cannot read '.*missing\.txt': no such file\n$/);
  });
});

describe('--json follows the family convention: compact, the library\'s fields with the library\'s meaning', () => {
  const types = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v]));

  it('solve --json: one compact {"position", "moves"} per line, moves as solve() gives them', () => {
    const { stdout } = run(['solve', '-', '--json'], '110011101\n111101111\n');
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toMatch(/[:,] /);
      const value = JSON.parse(line) as Record<string, unknown>;
      expect(types(value)).toEqual({ position: 'string', moves: 'array' });
      expect(value.moves).toEqual(solve(parsePosition(value.position as string)));
    }
  });

  it('lights-out --json: the library\'s LightsOutSolution fields; presses is the list of cells to press, pressCount their number', () => {
    for (const [rows, cols] of [[5, 5], [7, 12], [40, 3]] as const) {
      const { code, stdout } = run(['lights-out', '--rows', String(rows), '--cols', String(cols), '--seed', 'json', '--json']);
      expect(code).toBe(0);
      expect(stdout.split('\n')).toHaveLength(2);
      expect(stdout).not.toMatch(/[:,] /);
      const value = JSON.parse(stdout) as Record<string, unknown>;
      expect(types(value)).toEqual({
        rows: 'number', cols: 'number', rank: 'number', nullity: 'number', solvable: 'boolean', minimal: 'boolean',
        verified: 'boolean', pressCount: 'number', ms: 'number', presses: 'array',
      });
      // The same board from the library, solved by the library: every field means what the library's field means.
      const board = randomLightsOutBoard(rows, cols, { seed: 'json' });
      const solution = solveLightsOut(board, rows, cols);
      expect(value).toMatchObject({ rows, cols, rank: solution.rank, nullity: solution.nullity, minimal: solution.minimal, pressCount: solution.pressCount });
      expect(value.presses).toEqual(bitsOf(solution.presses!));
      expect(applyLightsOut(board, boardOf(rows, cols, value.presses as number[]), rows, cols)).toEqual(new Uint32Array(board.length));
      expect(Number.isInteger((value.ms as number) * 10)).toBe(true);
    }
    const unsolvable = JSON.parse(run(['lights-out', '--board', '-', '--json'], ' 1 0 0 0\n 0 0 0 0\n 0 0 0 0\n 0 0 0 0\n').stdout) as Record<string, unknown>;
    expect(types(unsolvable)).toMatchObject({ solvable: 'boolean', presses: 'null', pressCount: 'number' });
    expect(unsolvable).toMatchObject({ rows: 4, cols: 4, nullity: 4, solvable: false, pressCount: 0, presses: null });
  });

  it('lights-out --json on a big board streams the presses: 8 million of them (70 MB) in bounded memory', async () => {
    // Built as one array and one string, this took 380 MB.
    const { code, peakMB } = await peakMemory(cli, ['lights-out', '--rows', '16384', '--cols', '1024', '--seed', '1', '--json']);
    expect(code).toBe(0);
    expect(peakMB).toBeLessThan(150);
  });

  it('lights-out --json on a 1000 × 1000 board lists every press, ascending', () => {
    const { code, stdout } = run(['lights-out', '--size', '1000', '--seed', '1', '--json']);
    expect(code).toBe(0);
    const value = JSON.parse(stdout) as { pressCount: number; presses: number[] };
    expect(value.presses).toHaveLength(value.pressCount);
    expect(value.presses).toEqual([...value.presses].sort((a, b) => a - b));
  });
});

/** Runs the CLI on a terminal (util-linux `script`), types `lines`, then Ctrl-C; resolves with its output and status. */
function ctrlC(args: readonly string[], lines: string, answer: string): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, cli, ...args].map((a) => `'${a}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], { env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  // Type the lines once the CLI is up, then Ctrl-C once its answer is on the screen; stdin stays open throughout.
  const typed = setTimeout(() => child.stdin.write(lines), 1500);
  const interrupt = setInterval(() => {
    if (output.includes(answer)) child.stdin.write('\u0003');
  }, 300);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      clearTimeout(typed);
      clearInterval(interrupt);
      resolve({ code, output });
    }),
  );
}

describe('Ctrl-C on a terminal', () => {
  // Regression: reading a terminal as a file kept a worker thread blocked, so Ctrl-C (twice) hung until Enter.
  it('ends flipper solve - and a game at once, exit 130', async () => {
    const solved = await ctrlC(['solve', '-'], '101010101\n', '1 2 3 4 5 6 7 8 9');
    expect(solved.code).toBe(130);
    expect(solved.output).toContain('1 2 3 4 5 6 7 8 9');
    const game = await ctrlC(['--start', '110011101'], '3\n', 'Moves: 1');
    expect(game.code).toBe(130);
    expect(game.output).toContain('Moves: 1');
  });

  it('ends a long lights-out solve at once (it runs in a worker thread) and says how far it got', async () => {
    // Regression: the solve ran on the main thread, so Ctrl-C waited for it (8192 × 8192: about 11 s).
    const result = await ctrlC(['lights-out', '--size', '8192', '--seed', '1'], '', 'first-row unknowns (');
    expect(result.code).toBe(130);
    expect(result.output).toMatch(/flipper: interrupted while solving Lights Out 8192×8192 by light chasing: [\d,]+ of 8,192 first-row unknowns done/);
    expect(result.output).not.toContain('presses, verified');
  });
});

describe('flipper lights-out --timeout and progress', () => {
  // 8192 × 8192, the largest board taken, needs about 9 CPU-s here: a second of it is far from done on any machine.
  it('gives up after --timeout, says how far it got, prints nothing on stdout, exit 124', () => {
    for (const json of [[], ['--json']]) {
      const result = run(['lights-out', '--size', '8192', '--seed', '1', '--timeout', '1s', ...json]);
      expect(result.code).toBe(124);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^flipper: stopped after 1 s \(--timeout\) while solving Lights Out 8192×8192 by light chasing: [\d,]+ of 8,192 first-row unknowns done\n$/,
      );
    }
  });

  it('draws a progress line on a terminal once the work has run a second (and not on a pipe: see above)', () => {
    const script = `"${process.execPath}" "${cli}" lights-out --size 8192 --seed 1 --timeout 2500ms > /dev/null`;
    const tty = spawnSync('script', ['-qec', script, '/dev/null'], { encoding: 'utf8', timeout: 30_000 });
    expect(tty.stdout).toMatch(/Lights Out 8192×8192: [\d,]+\/8,192 first-row unknowns \([\d.]+%\)/);
    expect(tty.stdout).toMatch(/flipper: stopped after 3 s \(--timeout\)/);
  });

  it('takes --timeout only for lights-out, as a duration', () => {
    expect(run(['lights-out', '--size', '5', '--timeout', 'soon'])).toMatchObject({ code: 2, stdout: '' });
    expect(run(['lights-out', '--size', '5', '--timeout', 'soon']).stderr).toMatch(/^flipper: --timeout must be a duration such as 500ms, 10s, 2m or 1h \(up to 24 days\); got 'soon'/);
    expect(run(['solve', '101010101', '--timeout', '1s']).stderr).toMatch(/^flipper: --timeout does not go with solve;/);
    expect(run(['lights-out', '--size', '5', '--seed', '1', '--timeout', '10s', '--json'])).toMatchObject({ code: 0 });
  });
});

describe('flipper --help', () => {
  it('every example of the help runs, exit 0 and nothing on stderr', () => {
    const help = run(['--help']).stdout;
    const examples = help.split('Examples:\n')[1]!.split('\n\n')[0]!.split('\n').map((line) => line.trim());
    expect(examples).toHaveLength(9);
    for (const example of examples) {
      const script = example.replace(/(^|\| )flipper /, '$1BIN ');
      expect(script, example).toMatch(/(^|\| )BIN /);
      const result = runShell(cli, script, { timeout: 30_000 });
      expect(result.code, `${example}: ${result.stderr}`).toBe(0);
      expect(result.stderr, example).toBe('');
      expect(result.stdout.length, example).toBeGreaterThan(0);
    }
  });
});

describe('flipper fuzzed', () => {
  const gameLine = fc.array(fc.constantFrom('1', '5', '9', 'n', 'r', 'h', 'q', 'x', '0', '10', '\u001b[2J'), { maxLength: 6 }).map((t) => t.join(' '));
  const stdin = fc.oneof(
    fc.array(gameLine, { maxLength: 8 }).map((lines) => lines.join('\n')),
    fc.array(fc.constantFrom('101010101', '111101111', '12', '', ' 1 0 1', ' 0 1 0', 'abc'), { maxLength: 6 }).map((l) => l.join('\n')),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
  fuzzCli('flipper', cli, {
    words: [
      'solve', 'lights-out', 'play', '-', '--json', '--seed', '1', 'x', '--start', '110011101', '111101111', '101010101',
      '--size', '5', '40', '--rows', '3', '--cols', '7', '--board', '--timeout', '1s', '5ms', '--help', '--version', '--jsn',
    ],
    stdin,
    // Each run spawns a process: 40 in CI, 12 locally (FLIPPER_FUZZ_RUNS sets any other number).
    numRuns: Number(process.env.FLIPPER_FUZZ_RUNS ?? (process.env.CI ? 40 : 12)),
  });
});

describe('flipper usage', () => {
  it('prints help and version', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: flipper');
    expect(help.stdout).toContain('Examples:');
    expect(run(['-v']).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('prints no colors when stdout is not a terminal, even without NO_COLOR', () => {
    const env = { ...process.env };
    delete env.NO_COLOR;
    const result = spawnSync(process.execPath, [cli, 'lights-out', '--size', '5', '--seed', '1'], { encoding: 'utf8', env });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/\nboard:\n( [01]){5}\n/);
    expect(result.stdout).not.toContain('\u001b[');
    // FORCE_COLOR forces them, in the game as in lights-out; NO_COLOR wins over a terminal only.
    const forced = runBin(cli, ['lights-out', '--size', '5', '--seed', '1'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain('\u001b[1;33m1\u001b[0m');
    const game = runBin(cli, ['--start', '110011101'], { input: 'q\n', env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(game.stdout).toContain(' \u001b[1;33m1\u001b[0m \u001b[1;33m1\u001b[0m \u001b[2m0\u001b[0m\n');
  });

  it('stops quietly when the reader of its output goes away (review regression: EPIPE stack trace)', () => {
    const script = `yes 101010101 | head -n 200000 | "${process.execPath}" "${cli}" solve - | head -n 1`;
    const result = spawnSync('sh', ['-c', script], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(result.stdout).toBe('1 2 3 4 5 6 7 8 9\n');
    expect(result.stderr).toBe('');
    const big = spawnSync('sh', ['-c', `"${process.execPath}" "${cli}" lights-out --size 40 --seed 1 | head -n 1`], { encoding: 'utf8' });
    expect(big.stderr).toBe('');
  });

  it('exits 2 on usage errors', () => {
    for (const [args, message] of [
      [['frobnicate'], /unknown command 'frobnicate'/],
      [['solve'], /solve needs positions/],
      [['lights-out'], /lights-out needs --size N/],
      [['lights-out', '--size', '0'], /--size must be an integer from 1 to 65536; got '0'/],
      [['lights-out', '--size', '5', '--rows', '3'], /give --size N or --rows R --cols C, not both/],
      [['solve', '111111111', '--seed', '1'], /--seed does not go with solve/],
      [['--json'], /--json does not go with playing/],
      [['--start', '12'], /--start: a position must be 9 digits/],
      [['--bogus'], /^flipper: unknown option '--bogus'; run 'flipper --help' for usage\n$/],
      [['solve', '-', '--jsn'], /^flipper: unknown option '--jsn' \(did you mean --json\?\); run 'flipper --help' for usage\n$/],
      [['sovle', '101010101'], /^flipper: unknown command 'sovle' \(did you mean solve\?\)/],
      [['lights-out', '--size'], /^flipper: option --size needs a value; run/],
    ] as const) {
      const { code, stdout, stderr } = run([...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr).toContain("; run 'flipper --help' for usage\n");
      expect(stderr.split('\n')).toHaveLength(2); // one line
    }
  });
});

describe('flipper at the edges (one line on every failure, stops when the reader goes away)', () => {
  const one = (result: CliRun) => {
    expectOneLineErrors(result, 'flipper');
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  };

  it('a failed write (a full disk) is one line on stderr and exit 1, in every command', () => {
    for (const script of [
      'BIN solve 101010101 > /dev/full',
      'BIN solve 101010101 --json > /dev/full',
      'BIN lights-out --size 5 --seed 1 > /dev/full',
      'BIN lights-out --size 5 --seed 1 --json > /dev/full',
      "printf '3\\n' | BIN --start 110011101 > /dev/full",
    ]) {
      const result = runShell(cli, script);
      expect(result.code, script).toBe(1);
      one(result);
      expect(result.stderr, script).toBe('flipper: cannot write to standard output: no space left on the device (ENOSPC)\n');
    }
  });

  it('stops at once when the reader goes away, on endless input (solve -, solve - --json, a piped game)', () => {
    for (const script of [
      'yes 101010101 | BIN solve - | head -1',
      'yes 101010101 | BIN solve - --json | head -1',
      'yes 1 | BIN --start 110011101 | head -1',
      "yes 'h r n' | BIN --seed 1 | head -1",
    ]) {
      // Endless input: the run can only end because the CLI stops when head has its line.
      const result = runShell(cli, script.replace('| head -1', '| head -1; exit ${PIPESTATUS[1]}'), { timeout: 30_000 });
      expect(result.signal, script).toBeNull();
      expect(result.code, script).toBe(0);
      expect(result.stdout.split('\n')).toHaveLength(2);
      expect(result.stderr, script).toBe('');
    }
  });

  it('a directory as standard input is one line naming it, exit 1', () => {
    for (const script of ['BIN solve - < /', 'BIN < /', 'BIN lights-out --board - < /', 'BIN lights-out --board /']) {
      const result = runShell(cli, script);
      expect(result.code, script).toBe(1);
      one(result);
      expect(result.stderr, script).toMatch(/^flipper: cannot read (standard input|'\/'): it is a directory\n$/);
    }
  });

  it('escapes terminal control sequences from input, on stderr and in the echoed transcript', () => {
    const game = run(['--start', '110011101'], '\u001b[2J1\n3 \u001b]0;x\u0007\n');
    expect(game.code).toBe(0);
    expect(game.stdout).not.toMatch(/\u001b|\u0007/);
    expect(game.stdout).toContain('\\u001b[2J1\n');
    expect(game.stderr).toBe(
      "flipper: '\\u001b[2J1' is not a command; type a move 1-9, n, r, h or q\n" +
        "flipper: '\\u001b]0;x\\u0007' is not a command; type a move 1-9, n, r, h or q\n",
    );
    const solved = run(['solve', '-'], '\u001b[31m\n');
    expect(solved.code).toBe(1);
    one(solved);
    expect(solved.stderr).toContain("got '\\u001b[31m'");
    const board = run(['lights-out', '--board', '-'], ' 1 0\n \u001b[2J\n');
    expect(board.code).toBe(1);
    one(board);
    expect(board.stderr).toContain("got ' \\u001b[2J'");
  });

  it('cuts a long bad line in its message instead of echoing it whole (a 10 MB line and a 500 kB one)', () => {
    const huge = `${'x'.repeat(10_000_000)}\n`;
    for (const args of [['solve', '-'], ['--start', '110011101'], ['lights-out', '--board', '-']]) {
      const result = run(args, huge);
      expect(result.code, args.join(' ')).toBe(1);
      one(result);
      expect(result.stdout.length, args.join(' ')).toBeLessThan(1000);
    }
    const long = run(['solve', '-', '101010101'], `${'x'.repeat(500_000)}\n111111111\n`);
    expect(long.code).toBe(1);
    one(long);
    expect(long.stderr).toContain("got 'xxxx");
    expect(long.stderr).toContain("...' (500000 characters)\n");
    expect(long.stdout).toBe('1 3 5 7 9\n1 2 3 4 5 6 7 8 9\n');
    // A piped game echoes a long line cut, and says about a bad token once per line, however many it has.
    const game = run(['--start', '110011101'], `${'x '.repeat(400)}\n`);
    expect(game.stdout).toContain('... (799 characters)\n');
    expect(game.stderr).toBe("flipper: 'x' is not a command; type a move 1-9, n, r, h or q\n");
  });
});
