import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_TIMEOUT, expectOneLineErrors, fuzzCli, pipelinePeakMemory, runShell } from '@puzzles/testkit/cli';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { explainPuzzle } from '../src/explain.js';
import { formatCandidateGrid, formatPencilMarks } from '../src/formats.js';
import { nextStep } from '../src/solver.js';
import { Grid } from '../src/grid.js';
import { TECHNIQUE_NAMES } from '../src/step.js';
import { formatChain, parseChain } from '../src/eureka.js';
import { EASY, EASY_SOLUTION } from './reference.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

function run(args: string[], input?: string) {
  // --all prints every instance of every technique: several MB on an early grid, beyond spawnSync's 1 MB default.
  const result = spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 256 * 1024 * 1024 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing`);
});

// An X-Wing on 5 in an otherwise open grid is no puzzle (many solutions); for --technique on a real grid we use a
// classic puzzle's candidate grid, and for the JSON shape the classic puzzle itself.
const demo = (name: string): string => readFileSync(new URL(`../demo/${name}.txt`, import.meta.url), 'utf8').split('\n')[1]!;

describe('streaming: one puzzle read, explained and printed at a time', () => {
  it('stops at once when the reader goes away, even on endless input', () => {
    // `yes` never ends: the run can only finish if the CLI stops when head closes the pipe.
    const run = runShell(cli, `yes ${EASY} | BIN - | head -n 1`, { timeout: 30_000 });
    expect(run.signal).toBeNull();
    expect(run.stdout).toBe('Puzzle 1 (line 1):\n');
    expect(run.stderr).toBe('');
  });

  it('keeps memory bounded while its output is consumed, by cat or late by a slow reader', async () => {
    // Endless hard puzzles (yes) with --json: a run that keeps its output in memory goes past the bound; only the
    // timeout ends these runs (exit 124).
    const hard = demo('hard');
    const intoCat = await pipelinePeakMemory(cli, `yes '${hard}' | BIN --json --timeout 1500ms - | cat > /dev/null`);
    expect(intoCat.code).toBe(EXIT_TIMEOUT);
    expect(intoCat.peakMB).toBeGreaterThan(0);
    expect(intoCat.peakMB).toBeLessThan(150);
    const late = await pipelinePeakMemory(cli, `yes '${hard}' | BIN --json --timeout 1s - | (sleep 1.5; cat > /dev/null)`);
    expect(late.code).toBe(EXIT_TIMEOUT);
    expect(late.peakMB).toBeLessThan(150);
  });

  it('--timeout stops a long run, keeps what was printed and says how far it got', () => {
    // Endless input again: only the timeout can end this run.
    const run = runShell(cli, `yes ${EASY} | BIN --timeout 300ms --json -; echo "exit \${PIPESTATUS[1]}"`, { timeout: 30_000 });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.pop()).toBe(`exit ${EXIT_TIMEOUT}`);
    expect(lines.length).toBeGreaterThan(0);
    const summary = JSON.parse(lines.pop()!) as { summary: { puzzles: number; stopped: string } };
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ solved: true });
    const done = lines.length;
    expect(summary.summary).toMatchObject({ puzzles: done, stopped: 'timeout' });
    expect(run.stderr).toMatch(/^sudoku-explain: stopped after 300 ms \(--timeout\): [\d,]+ puzzles? explained, up to line [\d,]+ of standard input\n$/);
    expect(Number(/: ([\d,]+) puzzle/.exec(run.stderr)![1]!.replaceAll(',', ''))).toBe(done);
    expect(runShell(cli, `BIN --timeout 0 ${EASY}`)).toMatchObject({ code: 2 });
    expect(runShell(cli, `BIN --timeout soon ${EASY}`).stderr).toMatch(/--timeout must be a duration such as 500ms.*got 'soon'/);
  });

  it('Ctrl-C stops between puzzles, says how far it got and exits 130', async () => {
    const child = spawn(process.execPath, [cli, '-'], { env: { ...process.env, NO_COLOR: '1' } });
    child.stdin.on('error', () => {}); // the CLI is gone before its input ends
    const lines = `${EASY}\n`.repeat(1000);
    const feed = (): void => {
      if (child.stdin.writable) child.stdin.write(lines, feed);
    };
    feed();
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.kill('SIGINT'));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(killer);
    expect(code).toBe(130);
    expect(stderr).toMatch(/^sudoku-explain: stopped \(interrupted\): [\d,]+ puzzles? explained, up to line [\d,]+ of standard input\n$/);
    const said = Number(/: ([\d,]+) puzzle/.exec(stderr)![1]!.replaceAll(',', ''));
    expect(stdout.match(/^Solved in /gm)?.length).toBe(said);
  });

  const hasScript = spawnSync('script', ['--version']).status === 0;
  // `script` runs the CLI on a pseudo-terminal, the only place a progress line is drawn.
  it.skipIf(!hasScript)("draws a progress line with the file's line count on a terminal once a run takes a second", () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-explain-'));
    const file = join(dir, 'many.txt');
    writeFileSync(file, `# easy puzzles\n${`${EASY}\n`.repeat(3000)}`);
    // The output (about 3 MB) goes to a reader that pauses 1.2 s after the first bytes come: the run, blocked on the
    // full pipe, cannot end before it has taken over a second, whatever the machine's speed, and the progress line is
    // drawn at its next puzzle; no timer decides.
    const command = `'${process.execPath}' '${cli}' --candidates --json '${file}' | (head -c 1 > /dev/null; sleep 1.2; cat > /dev/null)`;
    const result = spawnSync('script', ['-qfec', command, '/dev/null'], { encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/\rexplaining: [\d,]+\/3,001 lines \([\d.]+%\)/);
  });

  it('--timeout also ends a run that waits for input that never comes', async () => {
    // Standard input stays open and empty: only the timeout can end this run.
    const child = spawn(process.execPath, [cli, '--timeout', '300ms', '--json', '-'], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(killer);
    child.stdin.destroy();
    expect(code).toBe(EXIT_TIMEOUT);
    expect(stderr).toBe('sudoku-explain: stopped after 300 ms (--timeout): 0 puzzles explained, nothing read from standard input\n');
    expect(JSON.parse(stdout)).toMatchObject({ summary: { puzzles: 0, errors: 0, stopped: 'timeout' } });
  });

  it('a flood of bad lines: the first 5 said, the rest counted in one line, exit 1; --timeout holds on endless ones', async () => {
    const bounded = runShell(cli, `yes y | head -1000 | BIN -`);
    expect(bounded.code).toBe(1);
    const lines = bounded.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe("sudoku-explain: standard input line 1: a grid of givens needs 81 characters; got 1 in 'y'");
    expect(lines.slice(0, 5).map((l) => /line (\d+):/.exec(l)?.[1])).toEqual(['1', '2', '3', '4', '5']);
    expect(lines[5]).toBe('sudoku-explain: … and 995 more bad lines');
    // Endless bad lines (yes) with stderr read late: the timeout ends the run, bad input outranks it (exit 1), stderr
    // stays at 7 lines and memory bounded.
    const endless = await pipelinePeakMemory(cli, 'yes | BIN - --timeout 300ms 2>&1 >/dev/null | (sleep 1; cat) >&2');
    expect(endless.code).toBe(1);
    const said = endless.stderr.trimEnd().split('\n');
    expect(said).toHaveLength(7);
    expect(said[5]).toMatch(/^sudoku-explain: stopped after 300 ms \(--timeout\): 0 puzzles explained and [\d,]+ rejected, up to line [\d,]+ of standard input$/);
    expect(said[6]).toMatch(/^sudoku-explain: … and [\d,]+ more bad lines$/);
    expect(endless.peakMB).toBeGreaterThan(0);
    expect(endless.peakMB).toBeLessThan(150);
  });

  it('a failed write is one line and exit 1', () => {
    const run = runShell(cli, `BIN ${EASY} > /dev/full`);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('sudoku-explain: cannot write to standard output: no space left on the device (ENOSPC)\n');
  });

  it('a directory as standard input, and an unknown option, are one line each', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-explain-'));
    const fromDir = runShell(cli, `BIN - < '${dir}'`);
    expect(fromDir).toMatchObject({ code: 1, stdout: '', stderr: 'sudoku-explain: cannot read standard input: it is a directory\n' });
    const bogus = runShell(cli, `BIN --bogus ${EASY}`);
    expect(bogus).toMatchObject({ code: 2, stdout: '' });
    expect(bogus.stderr).toBe("sudoku-explain: unknown option '--bogus'; run 'sudoku-explain --help' for usage\n");
    const near = runShell(cli, `BIN --hnit ${EASY}`);
    expect(near.stderr).toMatch(/unknown option '--hnit' \(did you mean --hint\?\)/);
    expectOneLineErrors(near, 'sudoku-explain');
  });

  it('escapes control characters from its input in messages', () => {
    const run = runShell(cli, `BIN $'\\e[2J12'`);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('\u001b');
    expect(run.stderr).toContain('\\u001b[2J12');
    expectOneLineErrors(run, 'sudoku-explain');
  });
});

describe('sudoku-explain', () => {
  it('prints numbered steps and the rating', () => {
    const { code, stdout, stderr } = run([EASY]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ {2}1\. Naked single: \d is the only candidate left in r\dc\d {2}\[r\dc\d=\d\]$/);
    expect(lines.at(-1)).toMatch(/^Solved in 49 steps\. Rating: \d+ \(Easy\), hardest technique: (naked|hidden)-single$/);
  });

  it('--json prints the path as the library gives it', () => {
    const { code, stdout } = run(['--json', EASY]);
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as Record<string, unknown>;
    const { result, rating } = explainPuzzle(EASY);
    expect(out).toEqual({ status: 'solved', solved: true, rating, grid: EASY_SOLUTION, steps: JSON.parse(JSON.stringify(result.steps)) });
    expect(result.steps).toHaveLength(49);
  });

  it('reads a file and standard input, one puzzle per line, and names the bad line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-explain-'));
    const file = join(dir, 'puzzles.txt');
    writeFileSync(file, `# two puzzles\n${EASY}\n\n${'.'.repeat(81)}\n${EASY.slice(1)}\n`);
    const fromFile = run(['--json', file]);
    expect(fromFile.code).toBe(1);
    const lines = fromFile.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ line: 2, solved: true });
    expect(lines[1]).toMatchObject({ summary: { puzzles: 1, solved: 1, stuck: 0, levels: { Easy: 1 }, errors: 2 } });
    expect(fromFile.stderr).toContain(`'${file}' line 4: the puzzle has more than one solution`);
    expect(fromFile.stderr).toContain(`'${file}' line 5: a grid of givens needs 81 characters; got 80`);
    const fromStdin = run(['--hint', '-'], `${EASY}\n${EASY}\n`);
    expect(fromStdin.code).toBe(0);
    expect(fromStdin.stdout).toMatch(/^Puzzle 1 \(line 1\):\nNaked single: .*\n\nPuzzle 2 \(line 2\):\nNaked single: /);
  });

  it('reads {candidates} and 729-character grids with spaces between cells from a file or stdin', () => {
    const grid = Grid.fromValues([...EASY].map(Number));
    const spaced = formatCandidateGrid(grid).replace('{45}', '{4}').match(/\d|\{\d+\}/g)!.join(' ');
    expect(spaced.startsWith('{4} {4578} 3 {49} 2 {147} 6 {5789} {57} 9 ')).toBe(true);
    const marks = formatPencilMarks(grid).match(/.{9}/g)!.join(' ');
    const { code, stdout, stderr } = run(['--hint', '-'], `${spaced}\n${marks}\n${EASY} rated easy\n`);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Puzzle 1 \(line 1\):\nNaked single: 4 is the only candidate left in r1c1 /);
    expect(stdout).toMatch(/Puzzle 2 \(line 2\):\nNaked single: 4 is the only candidate left in r5c6 /);
    expect(stdout).toMatch(/Puzzle 3 \(line 3\):\nNaked single: 4 is the only candidate left in r5c6 /);
  });

  it('says so when a file is missing or is a directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-explain-'));
    expect(run([join(dir, 'missing.txt')])).toMatchObject({ code: 1, stdout: '', stderr: `sudoku-explain: cannot read '${join(dir, 'missing.txt')}': no such file\n` });
    expect(run(['puzzles.txt'])).toMatchObject({ code: 1, stderr: "sudoku-explain: cannot read 'puzzles.txt': no such file\n" });
    expect(run([dir])).toMatchObject({ code: 1, stderr: `sudoku-explain: cannot read '${dir}': it is a directory\n` });
    writeFileSync(join(dir, 'empty.txt'), '# nothing here\n\n');
    expect(run([join(dir, 'empty.txt')])).toMatchObject({ code: 1, stderr: `sudoku-explain: '${join(dir, 'empty.txt')}' holds no puzzle\n` });
  });

  it('--hint prints only the next step', () => {
    const { code, stdout } = run(['--hint', EASY]);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stdout).toMatch(/^Naked single: 4 is the only candidate left in r5c6 {2}\[r5c6=4\]\n$/);
    const json = JSON.parse(run(['--hint', '--json', EASY]).stdout) as { step: unknown; solved: boolean };
    expect(json).toEqual({ solved: false, step: { technique: 'naked-single', cells: [41], digits: [4], placements: [{ cell: 41, digit: 4 }], eliminations: [], explanation: 'Naked single: 4 is the only candidate left in r5c6' } });
    expect(json.step).toEqual(nextStep(EASY));
    expect(run(['--hint', EASY_SOLUTION]).stdout).toBe('The puzzle is already solved.\n');
    expect(JSON.parse(run(['--hint', '--json', EASY_SOLUTION]).stdout)).toEqual({ solved: true, step: null });
  });

  it('--candidates prints the pencil-mark grid, a value apart from a cell with one candidate left', () => {
    const { code, stdout } = run(['--candidates', EASY]);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^ \{45\} +\{4578\} +3 +\| /);
    // r1c1 narrowed to {4} by a player; r1c3 holds the given 3.
    const marks = formatCandidateGrid(Grid.fromValues([...EASY].map(Number))).replace('{45}', '{4}');
    const table = run(['--candidates', marks]);
    expect(table.stdout.split('\n')[0]).toMatch(/^ \{4\} +\{4578\} +3 +\| /);
    const json = JSON.parse(run(['--candidates', '--json', marks]).stdout) as { grid: string; values: number[]; candidates: number[][] };
    expect(Object.keys(json)).toEqual(['grid', 'values', 'candidates']);
    expect(json.grid).toBe(marks);
    expect(json.values.slice(0, 3)).toEqual([0, 0, 3]);
    expect(json.candidates.slice(0, 3)).toEqual([[4], [4, 5, 7, 8], []]);
  });

  it('takes a {candidates} grid as the starting state, and --technique NAME --all lists every instance', () => {
    // The classic puzzle with a player's marks: r1c1 already narrowed to 4.
    const grid = Grid.fromValues([...EASY].map(Number));
    const marks = formatCandidateGrid(grid).replace('{45}', '{4}');
    expect(run(['--hint', marks]).stdout).toMatch(/^Naked single: 4 is the only candidate left in r1c1/);
    const all = run(['--technique', 'naked-single', '--all', '--json', marks]);
    expect(all.code).toBe(0);
    const out = JSON.parse(all.stdout) as { technique: string; steps: { technique: string; placements: { cell: number; digit: number }[] }[] };
    expect(out.technique).toBe('naked-single');
    expect(out.steps.length).toBeGreaterThan(1);
    expect(out.steps.map((s) => s.placements[0])).toContainEqual({ cell: 0, digit: 4 });
    expect(new Set(out.steps.map((s) => s.technique))).toEqual(new Set(['naked-single']));
    const text = run(['--technique', 'bug-plus-1', '--all', marks]);
    expect(text).toMatchObject({ code: 0, stdout: 'No bug-plus-1 applies.\n' });
  });

  it('--technique NAME alone gives the first instance; --all alone lists every technique\'s instances', () => {
    const first = run(['--technique', 'hidden-single', EASY]);
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split('\n')).toHaveLength(1);
    expect(first.stdout).toMatch(/^ {2}1\. Hidden single: /);
    const every = JSON.parse(run(['--all', '--json', EASY]).stdout) as { technique: null; steps: { technique: string }[] };
    expect(every.technique).toBeNull();
    const kinds = new Set(every.steps.map((s) => s.technique));
    expect(kinds.has('naked-single') && kinds.has('hidden-single')).toBe(true);
  });

  it('reports pencil marks that exclude the solution', () => {
    const marks = formatCandidateGrid(Grid.fromValues([...EASY].map(Number))).replace('{45}', '{5}');
    const { code, stderr } = run([marks]);
    expect(code).toBe(1);
    expect(stderr).toBe('sudoku-explain: the pencil marks exclude the solution: r1c1 must be 4\n');
  });

  it('rejects bad input with exit code 1 and one line', () => {
    expect(run(['12345'])).toMatchObject({ code: 1, stderr: "sudoku-explain: a grid of givens needs 81 characters; got 5 in '12345'\n" });
    expect(run([`11${EASY.slice(2)}`]).stderr).toMatch(/duplicate givens/);
    expect(run(['.'.repeat(81)])).toMatchObject({ code: 1, stderr: 'sudoku-explain: the puzzle has more than one solution\n' });
  });

  it('--technique takes the chain and forcing techniques and prints their Eureka chains', () => {
    // A 17-clue puzzle that needs forcing once singles and pairs stop: a forcing chain applies at its start.
    const hard = '..............1..2..3.4..5.......34..1...6...2......7......2..8..4.5......5.....6';
    const out = run(['--technique', 'forcing-chain', '--json', hard]);
    expect(out.code).toBe(0);
    const { steps } = JSON.parse(out.stdout) as { steps: { technique: string; chain: string; explanation: string }[] };
    expect(steps).toHaveLength(1);
    expect(steps[0]!.technique).toBe('forcing-chain');
    for (const part of steps[0]!.chain.split(' | ')) expect(formatChain(parseChain(part))).toBe(part);
    const text = run(['--technique', 'aic', hard]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^(No aic applies\.|\s*1\. Alternating inference chain \(\d\)r\dc\d[=-])/);
  });

  it('--technique takes the pattern techniques: Sue de Coq on a 17-clue puzzle\'s state', () => {
    // The state reached on the 17-clue puzzle .................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3
    const marks =
      '{124}{2359}{23469}{459}{346}{17}{259}{67}8{247}{2359}{23469}{459}{34}8{259}{67}18{579}{169}{159}{67}2{59}34{24}{239}{34}78561{29}61729438558{29}31674{29}{17}{27}{12}853496348629157965{14}{47}{17}823';
    const text = run(['--technique', 'sue-de-coq', marks]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Sue de Coq: r1c4, r1c5 and r1c6 ({1,3,4,5,6,7,9}) where row 1 crosses box 2');
    const json = JSON.parse(run(['--technique', 'finned-x-wing', '--all', '--json', marks]).stdout) as { technique: string; steps: unknown[] };
    expect(json.technique).toBe('finned-x-wing');
    expect(Array.isArray(json.steps)).toBe(true);
  });

  it('rejects usage errors with exit code 2', () => {
    expect(run([]).code).toBe(2);
    expect(run([EASY, EASY]).code).toBe(2);
    const bad = run(['--technique', 'x-wings', EASY]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      `sudoku-explain: --technique must be one of ${TECHNIQUE_NAMES.slice(0, 4).join(', ')} … (${TECHNIQUE_NAMES.length} names, listed by --help); got 'x-wings' (did you mean x-wing?); run 'sudoku-explain --help' for usage\n`,
    );
    // An unknown name the length of a puzzle (the fuzz test's find) stays one short line.
    const long = run(['--technique', '0'.repeat(81), EASY]);
    expect(long.code).toBe(2);
    expect(long.stderr.length).toBeLessThan(300);
    expect(run(['--hint', '--candidates', EASY]).code).toBe(2);
    expect(run(['--bogus', EASY]).code).toBe(2);
  });

  it('--help and --version', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:');
    for (const t of TECHNIQUE_NAMES) expect(help.stdout).toContain(t);
    expect(help.stdout).not.toMatch(/seed's|the seed|issue's|the issue|jalat|anchor|target/i);
    expect(run(['--version']).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(run(['-h', EASY]).stdout).toBe(help.stdout);
  });

  it('every example of --help runs', () => {
    const help = run(['--help']).stdout;
    const examples = help.slice(help.indexOf('Examples:')).split('\n').filter((l) => l.startsWith('  sudoku-explain '));
    expect(examples.length).toBeGreaterThanOrEqual(5);
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-explain-help-'));
    writeFileSync(join(dir, 'puzzles.txt'), `# two puzzles\n${demo('medium')}\n${demo('hard')}\n`);
    for (const example of examples) {
      const result = runShell(cli, `cd '${dir}' && ${example.trim().replace(/^sudoku-explain/, 'BIN')}`);
      expect(result.stderr, example).toBe('');
      expect(result.code, example).toBe(0);
      expect(result.stdout.length, example).toBeGreaterThan(0);
    }
  });

});

// The family's JSON convention: compact, one object per result, NDJSON with a final {"summary"} for a file, the
// library's field names. Each --json output is checked key by key, with the type of each value.
type Shape = 'string' | 'number' | 'boolean' | 'null' | Shape[] | { [key: string]: Shape } | ((value: unknown) => boolean);
/** A key that may be missing, or else holds a string. */
const OPTIONAL_STRING = (v: unknown): boolean => typeof v === 'string';

function expectShape(value: unknown, shape: Shape, path = '$'): void {
  if (typeof shape === 'function') {
    expect(shape(value), `${path}: ${JSON.stringify(value)?.slice(0, 80)}`).toBe(true);
  } else if (typeof shape === 'string') {
    expect(value === null ? 'null' : typeof value, path).toBe(shape);
  } else if (Array.isArray(shape)) {
    expect(Array.isArray(value), `${path} is an array`).toBe(true);
    (value as unknown[]).forEach((item, i) => expectShape(item, shape[0]!, `${path}[${i}]`));
  } else {
    expect(typeof value === 'object' && value !== null && !Array.isArray(value), `${path} is an object`).toBe(true);
    const optional = Object.keys(shape).filter((k) => shape[k] === OPTIONAL_STRING && !(k in (value as object)));
    expect(Object.keys(value as object), `${path} keys`).toEqual(Object.keys(shape).filter((k) => !optional.includes(k)));
    for (const [key, inner] of Object.entries(shape)) if (!optional.includes(key)) expectShape((value as Record<string, unknown>)[key], inner, `${path}.${key}`);
  }
}

const integer = (min: number, max: number) => (v: unknown) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const candidate = { cell: integer(0, 80), digit: integer(1, 9) };
const stepShape: Shape = {
  technique: (v) => (TECHNIQUE_NAMES as readonly unknown[]).includes(v),
  cells: [integer(0, 80)],
  digits: [integer(1, 9)],
  placements: [candidate],
  eliminations: [candidate],
  explanation: 'string',
  // Chain, ALS and forcing steps carry their chain in Eureka notation; other steps have no "chain".
  chain: OPTIONAL_STRING,
};
const level = (v: unknown) => ['Easy', 'Medium', 'Hard', 'Unfair', 'Extreme'].includes(v as string);
const ratingShape: Shape = { score: integer(0, 1e9), level, hardest: (v) => v === null || (TECHNIQUE_NAMES as readonly unknown[]).includes(v), solved: 'boolean' };
const candidateGrid = (v: unknown) => typeof v === 'string' && (v.match(/\d|\{\d+\}/g) ?? []).length === 81;
const SHAPES: Record<string, Shape> = {
  solve: { status: (v) => ['solved', 'stuck', 'contradiction'].includes(v as string), solved: 'boolean', rating: ratingShape, grid: candidateGrid, steps: [stepShape] },
  hint: { solved: 'boolean', step: (v) => v === null || (expectShape(v, stepShape, '$.step'), true) },
  technique: { grid: candidateGrid, technique: (v) => v === null || typeof v === 'string', steps: [stepShape] },
  candidates: { grid: candidateGrid, values: (v) => Array.isArray(v) && v.length === 81 && v.every(integer(0, 9)), candidates: (v) => Array.isArray(v) && v.length === 81 && v.every((c) => Array.isArray(c) && c.every(integer(1, 9))) },
};
const ms = (v: unknown) => typeof v === 'number' && v >= 0 && (v >= 100 ? Number.isInteger(v) : Math.round(v * 10) === v * 10);
const SUMMARIES: Record<string, Shape> = {
  solve: { puzzles: integer(0, 1e9), solved: integer(0, 1e9), stuck: integer(0, 1e9), levels: (v) => typeof v === 'object' && v !== null && Object.entries(v).every(([k, n]) => level(k) && integer(1, 1e9)(n)), errors: integer(0, 1e9), ms },
  other: { puzzles: integer(0, 1e9), errors: integer(0, 1e9), ms },
};

describe('--json follows the family convention', () => {
  const modes: [name: keyof typeof SHAPES, args: string[]][] = [
    ['solve', []],
    ['hint', ['--hint']],
    ['technique', ['--technique', 'hidden-single']],
    ['technique', ['--all']],
    ['candidates', ['--candidates']],
  ];
  const stuck = demo('hard');

  // --all searches every technique (nets and templates too) on its grid: a puzzle one row short of solved keeps that
  // quick; the others take the classic puzzle and a hard one.
  const nearlySolved = `${'.'.repeat(9)}${EASY_SOLUTION.slice(9)}`;

  for (const [mode, args] of modes) {
    const [first, second] = args.includes('--all') ? [nearlySolved, nearlySolved] : [EASY, stuck];
    it(`${['--json', ...args].join(' ')}: one compact object for a puzzle, NDJSON with "line" and a summary for a file`, () => {
      const one = run(['--json', ...args, first]);
      expect(one.code).toBe(0);
      expect(one.stdout.endsWith('\n') && one.stdout.indexOf('\n') === one.stdout.length - 1).toBe(true);
      expect(one.stdout).not.toMatch(/": |, "/);
      expectShape(JSON.parse(one.stdout), SHAPES[mode]!);

      const many = run(['--json', ...args, '-'], `${first}\n# a comment\n${second}\nnot a puzzle\n`);
      expect(many.code).toBe(1);
      const lines = many.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines).toHaveLength(3);
      expect(lines.map((l) => l.line)).toEqual([1, 3, undefined]);
      for (const line of lines.slice(0, 2)) {
        const { line: n, ...rest } = line;
        expect(Object.keys(line)[0]).toBe('line');
        expect(Number.isInteger(n)).toBe(true);
        expectShape(rest, SHAPES[mode]!);
      }
      expect(Object.keys(lines[2]!)).toEqual(['summary']);
      expectShape(lines[2]!.summary, mode === 'solve' ? SUMMARIES.solve! : SUMMARIES.other!, '$.summary');
      expect(lines[2]!.summary).toMatchObject({ puzzles: 2, errors: 1 });
    });
  }

  it('a summary cut short by --timeout says so', () => {
    const run = runShell(cli, `yes ${EASY} | BIN --timeout 200ms --json -`, { timeout: 30_000 });
    const last = JSON.parse(run.stdout.trimEnd().split('\n').at(-1)!) as { summary: Record<string, unknown> };
    expectShape(last.summary, { ...(SUMMARIES.solve as Record<string, Shape>), stopped: (v) => v === 'timeout' }, '$.summary');
  });
});

describe('fuzzing', () => {
  const marks = formatCandidateGrid(Grid.fromValues([...EASY].map(Number)));
  fuzzCli('sudoku-explain', cli, {
    words: ['--json', '--hint', '--candidates', '--technique', 'x-wing', 'naked-single', '--all', '--timeout', '2s', '50ms', '-', EASY, marks, '--bogus', '--help'],
    // Standard input: puzzle lines, comments, and broken or hostile lines.
    stdin: fc
      .array(fc.oneof(fc.constantFrom(EASY, marks, '# comment', '', '.'.repeat(81), `${EASY} rated easy`, EASY.slice(1), '\u001b[2J'), fc.string({ maxLength: 30 })), { maxLength: 4 })
      .map((lines) => lines.join('\n')),
    // Each run is a process: a few here, more in CI (CI=true).
    numRuns: process.env.CI ? 25 : 10,
  });
});
