// The command's double-dummy options (--dd, --dealer, --vulnerable, --workers) and dealer scripts' tricks(seat, strain).
import { fileURLToPath } from 'node:url';
import { runBin } from '@puzzles/testkit/cli';
import { describe, expect, it } from 'vitest';
import { parseDealerScript, runDealerScript } from '../src/index.js';
import { doubleDummyTable, doubleDummyTricks } from '../src/double-dummy/index.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const run = (args: string[], input?: string) => runBin(cli, args, input === undefined ? {} : { input });

/** Four solid suits: North spades, East hearts, South diamonds, West clubs (page 1 of the book). */
const SOLID = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
/** North holds every top card: North-South take every trick in every strain but for East-West's spade ruff. */
const NORTH = 'N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432';

describe('bigint-deal --dd', () => {
  it('adds the table to a page in JSON, as doubleDummyTable makes it, and par with --dealer', () => {
    const out = run(['1', '--dd', '--json', '--dealer', 'E', '--vulnerable', 'both']);
    expect(out.code).toBe(0);
    const line = JSON.parse(out.stdout) as { pbn: string; doubleDummy: unknown; par: { score: number; contracts: string[] } };
    expect(line.pbn).toBe(SOLID);
    expect(line.doubleDummy).toEqual(doubleDummyTable(SOLID));
    expect(line.doubleDummy).toMatchObject({ N: { S: 13, D: 13, H: 0, C: 0, NT: 0 }, E: { H: 13, C: 13, S: 0 } });
    // Both sides make a grand slam in their suits; North-South's spades outrank East-West's hearts: 7♠ vulnerable.
    expect(line.par).toEqual({ score: 2210, contracts: ['7S-NS'] });
  });

  it('prints a grid under a diagram, and one field on a line with --format pbn', () => {
    const diagram = run(['--of', NORTH, '--dd', '--dealer', 'N', '--ascii']);
    expect(diagram.code).toBe(0);
    expect(diagram.stdout).toContain('     C  D  H  S NT\nN   12 12 12 13 13\nE    1  1  1  0  0\nS   12 12 12 13 13\nW    1  1  1  0  0\nPar 1520 7N-NS\n');
    const line = run(['1', '--format', 'pbn', '--dd']);
    expect(line.stdout).toBe(`${SOLID} N:0d0d0 E:d0d00 S:0d0d0 W:d0d00\n`);
  });

  it('reads deals from standard input and spreads the tables over worker threads, in order', () => {
    const deals = [SOLID, NORTH, SOLID].join('\n');
    const one = run(['--of', '-', '--format', 'string', '--dd'], deals);
    const two = run(['--of', '-', '--format', 'string', '--dd', '--workers', '2'], deals);
    expect(one.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stdout.trim().split('\n').map((l) => l.split(' ').slice(1).join(' '))).toEqual([
      'N:0d0d0 E:d0d00 S:0d0d0 W:d0d00',
      'N:cccdd E:11100 S:cccdd W:11100',
      'N:0d0d0 E:d0d00 S:0d0d0 W:d0d00',
    ]);
  });

  it('refuses options that do not go together, and bad values, as usage errors', () => {
    for (const args of [
      ['1', '--dealer', 'N'],
      ['1', '--workers', '2'],
      ['1', '--dd', '--vulnerable', 'ns'],
      ['--where', 'hcp(north) > 30', '--count-only', '--dd'],
      ['1', '--dd', '--dealer', 'X'],
      ['1', '--dd', '--dealer', 'N', '--vulnerable', 'all'],
      ['1', '--dd', '--workers', '0'],
    ]) {
      const out = run(args);
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr, args.join(' ')).toMatch(/^bigint-deal: .*(--dealer|--workers|--vulnerable|--dd)/);
      expect(out.stdout).toBe('');
    }
  });

  it('a script reads tricks(seat, strain) in its condition and actions', () => {
    const script = 'predeal north SAKQJT98765432 east HAKQJT98765432 south DAKQJT98765432\n' +
      'produce 2\ncondition tricks(north, spades) == 13\naction average tricks(south, notrumps), average tricks(east, hearts)\n';
    const out = run(['--script', '-', '--seed', '1', '--json'], script);
    expect(out.code).toBe(0);
    const summary = (JSON.parse(out.stdout.trim().split('\n').at(-1)!) as { summary: { produced: number; averages: Record<string, number> } }).summary;
    expect(summary.produced).toBe(2);
    // South in notrump: West leads a club and runs thirteen. East in hearts: thirteen trumps.
    expect(Object.values(summary.averages)).toEqual([0, 13]);
  });
});

describe('tricks(seat, strain) in the library', () => {
  it('needs the tricks option, and answers with it', () => {
    const script = parseDealerScript('predeal north SAKQJT98765432 east HAKQJT98765432 south DAKQJT98765432\nproduce 1\naction average tricks(west, clubs)');
    expect(script.usesTricks).toBe(true);
    expect(() => runDealerScript(script).next()).toThrow(/tricks\(…\), which needs double-dummy analysis/);
    const calls: string[] = [];
    const run = runDealerScript(script, {
      seed: 1,
      tricks: (pbn, declarer, strain) => {
        calls.push(`${declarer}${strain}`);
        return doubleDummyTricks(pbn, strain, declarer);
      },
    });
    let next = run.next();
    while (next.done !== true) next = run.next();
    expect(next.value.averages[0]!.value).toBe(13);
    expect(calls).toEqual(['WC']);
    expect(parseDealerScript('condition hcp(north) > 10').usesTricks).toBeUndefined();
    expect(() => runDealerScript(script, { tricks: 5 as never }).next()).toThrow(TypeError);
  });
});
