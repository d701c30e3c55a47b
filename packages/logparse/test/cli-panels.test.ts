import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOG_LINE } from './reference.js';
import { classifyAgent } from '../src/index.js';
import type { CliRun } from '@puzzles/testkit/cli';
import { logFolder, run, runAll } from './cli-fixtures.js';

// The CLI's panels: --report all or a panel, --html, --state, --workers.
const { dir, file } = logFolder('logparse-cli-panels-');

describe('logparse CLI panels', () => {
  it('writes an HTML page whose numbers equal the JSON report, with no external resource', () => {
    const html = join(dir, 'report.html');
    const result = run([file, '--html', html, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    const page = readFileSync(html, 'utf8');
    expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import|url\(\s*['"]?https?:/i);
    // The header's cards carry the general panel's figures; the tables' rows are in the page as JSON, which the
    // page's script writes out (tests/e2e read them in Chromium as a reader sees them).
    const general = Object.fromEntries([...page.matchAll(/data-k="(\w+)"><dt>[^<]*<\/dt><dd><data value="(\d+)"/g)].map((m) => [m[1], Number(m[2])]));
    expect(general).toEqual(report.general);
    const data = JSON.parse(/<script type="application\/json" id="logparse-data">(.*?)<\/script>/.exec(page)![1]!) as { panels: Record<string, { rows: Array<[string, number, number, number]> }> };
    for (const [name, rows] of Object.entries(report)) {
      if (name === 'general') continue;
      expect(data.panels[name]!.rows.map(([key, hits, visitors, bytes]) => ({ key, hits, visitors, bytes })), name).toEqual(rows);
    }
    expect(page).toContain('<h1>access.log</h1>');
  });

  it('draws the HTML graph from the panels\' own pass: also from standard input, and the same after an incremental run', () => {
    const work = mkdtempSync(join(tmpdir(), 'logparse-graph-'));
    const graphOf = (page: string) => /<section[^>]* id="graph"[^]*?<\/section>/.exec(page)?.[0];
    const lines = Array.from({ length: 40 }, (_, i) => BLOG_LINE.replace('planet.lisp.org/', `site${i % 2}.example/`).replace('entry-id=2', `entry-id=${i % 9}`));
    const text = `${lines.join('\n')}\n`;
    // Standard input cannot be read twice: the graph used to be left out of pages made from it.
    const fromStdin = run(['-', '--html', join(work, 'stdin.html')], text);
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    const stdinGraph = graphOf(readFileSync(join(work, 'stdin.html'), 'utf8'));
    expect(stdinGraph).toContain('site1.example');
    // Each referrer shows its 5 most visited pages at most (of the 9 each one sent visitors to).
    expect(stdinGraph!.match(/class="edge"/g)).toHaveLength(2 * 5);
    const logFile = join(work, 'grow.log');
    const state = join(work, 'grow.state');
    writeFileSync(logFile, `${lines.slice(0, 15).join('\n')}\n`);
    expect(run([logFile, '--html', join(work, 'first.html'), '--state', state]).code).toBe(0);
    writeFileSync(logFile, text);
    expect(run([logFile, '--html', join(work, 'second.html'), '--state', state]).code).toBe(0);
    expect(run([logFile, '--html', join(work, 'full.html')]).code).toBe(0);
    expect(graphOf(readFileSync(join(work, 'second.html'), 'utf8'))).toBe(graphOf(readFileSync(join(work, 'full.html'), 'utf8')));
    expect(graphOf(readFileSync(join(work, 'full.html'), 'utf8'))).toBe(stdinGraph);
  });

  it('prints the panels as one compact JSON object with the library field names (--report all --json)', () => {
    const result = run([file, '--report', 'all', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual(['general', 'visitors', 'requests', 'static', 'notFound', 'hosts', 'os', 'browsers', 'hours', 'referringSites', 'referrerUrls', 'status']);
    const general = report.general as Record<string, unknown>;
    expect(Object.keys(general)).toEqual(['requests', 'valid', 'failed', 'visitors', 'files', 'referrers', 'notFound', 'staticFiles', 'logSize', 'bytes']);
    for (const v of Object.values(general)) expect(Number.isInteger(v)).toBe(true);
    for (const [name, rows] of Object.entries(report)) {
      if (name === 'general') continue;
      for (const row of rows as Array<Record<string, unknown>>) {
        expect(Object.keys(row)).toEqual(['key', 'hits', 'visitors', 'bytes']);
        expect(typeof row.key).toBe('string');
      }
    }
    for (const row of report.visitors as Array<{ key: string }>) expect(row.key).toMatch(/^\d{4}-\d\d-\d\d$/);
    const one = JSON.parse(run([file, '--report', 'status', '--json']).stdout) as Record<string, unknown>;
    expect(one).toEqual({ status: report.status });
  });

  it('--state reads only the new lines of a grown log and gives the totals of a full run; refuses damaged or foreign states', () => {
    const work = mkdtempSync(join(tmpdir(), 'logparse-state-'));
    const logFile = join(work, 'grow.log');
    const state = join(work, 'grow.state');
    const lines = Array.from({ length: 30 }, (_, i) => BLOG_LINE.replace('08/Jan', `${String(1 + (i % 5)).padStart(2, '0')}/Jan`).replace('entry-id=2', `entry-id=${i % 7}`));
    lines.splice(10, 0, 'not a log line');
    writeFileSync(logFile, `${lines.slice(0, 12).join('\n')}\n${lines[12]!.slice(0, 20)}`);
    const first = run([logFile, '--report', 'all', '--json', '--state', state]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/have no line end yet/);
    writeFileSync(logFile, `${lines.join('\n')}\n`);
    const second = run([logFile, '--report', 'all', '--json', '--state', state]);
    expect(second.code, second.stderr).toBe(0);
    const full = run([logFile, '--report', 'all', '--json']);
    expect(JSON.parse(second.stdout)).toEqual(JSON.parse(full.stdout));
    expect((JSON.parse(second.stdout) as { general: { failed: number } }).general.failed).toBe(1);
    // Nothing new: the same totals again.
    expect(JSON.parse(run([logFile, '--report', 'all', '--json', '--state', state]).stdout)).toEqual(JSON.parse(full.stdout));
    // A rotated log (another head) is counted from the start.
    writeFileSync(logFile, `${lines.slice(20).join('\n')}\n`);
    const rotated = run([logFile, '--report', 'all', '--json', '--state', state]);
    expect(rotated.stderr).toMatch(/rotated or replaced/);
    expect(JSON.parse(rotated.stdout)).toEqual(JSON.parse(run([logFile, '--report', 'all', '--json']).stdout));
    const good = readFileSync(state, 'utf8');
    for (const [text, why] of [
      [good.slice(0, 200), 'damaged or cut short: not JSON'],
      ['{"name":"something else"}', 'foreign'],
      ['{"kind":"logparse-state","version":2,"offset":5,"head":"' + '0'.repeat(64) + '","panels":{"valid":1}}', 'has layout 2, written by another version of logparse; this one reads layout 3'],
      ['{"kind":"logparse-state","version":3,"format":"combined","offset":5,"head":"' + '0'.repeat(64) + '","days":[["2006-01-08",{"valid":1}]]}', 'damaged: not compact'],
      ['{"kind":"logparse-state","version":3,"format":"combined","offset":5,"head":"' + '0'.repeat(64) + '","days":[["Jan 8",{}]]}', 'a day is not YYYY-MM-DD'],
      [good.replace('"format":"combined"', '"format":"common"'), "holds a log of format 'common'; this run reads 'combined'"],
      [good.replace(/"offset":\d+,"head":"[0-9a-f]+",/, ''), 'is a merge of states (logparse merge), not the state of one log'],
    ] as const) {
      writeFileSync(state, text);
      const refused = run([logFile, '--report', 'all', '--json', '--state', state]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(why);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(readFileSync(state, 'utf8')).toBe(text);
    }
  });

  it('--state keeps the user agents\' classes, and an incremental run takes them from it instead of classifying again', () => {
    const work = mkdtempSync(join(tmpdir(), 'logparse-agents-'));
    const logFile = join(work, 'grow.log');
    const state = join(work, 'grow.state');
    const agent = BLOG_LINE.split('"')[5]!;
    writeFileSync(logFile, `${BLOG_LINE}\n`);
    expect(run([logFile, '--report', 'os', '--json', '--state', state]).code).toBe(0);
    const saved = JSON.parse(readFileSync(state, 'utf8')) as { agents: Array<[string, string, string]> };
    const cls = classifyAgent(agent);
    expect(saved.agents).toEqual([[agent, cls.os, cls.browser]]);
    // A class the state says is taken as it is (it is what classifying gave when the state was written).
    saved.agents[0] = [agent, 'Kept OS', 'Kept browser'];
    writeFileSync(state, JSON.stringify(saved));
    writeFileSync(logFile, `${BLOG_LINE}\n${BLOG_LINE.replace('08/Jan', '09/Jan')}\n`);
    const second = run([logFile, '--report', 'all', '--json', '--state', state]);
    expect(second.code, second.stderr).toBe(0);
    const report = JSON.parse(second.stdout) as { os: Array<{ key: string; hits: number }>; browsers: Array<{ key: string; hits: number }> };
    expect(report.os).toEqual(expect.arrayContaining([expect.objectContaining({ key: cls.os, hits: 1 }), expect.objectContaining({ key: 'Kept OS', hits: 1 })]));
    expect(report.browsers).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'Kept browser', hits: 1 })]));
    expect((JSON.parse(readFileSync(state, 'utf8')) as { version: number }).version).toBe(3);
    // Malformed classes make the state damaged: refused, left as it is.
    const damaged = readFileSync(state, 'utf8').replace('"agents":[[', '"agents":[[7,');
    writeFileSync(state, damaged);
    const refused = run([logFile, '--report', 'all', '--json', '--state', state]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bad agent classes');
    expect(readFileSync(state, 'utf8')).toBe(damaged);
  });

  it('--workers N gives the panels of one thread, rejects included', async () => {
    const work = mkdtempSync(join(tmpdir(), 'logparse-workers-'));
    const logFile = join(work, 'many.log');
    const lines = Array.from({ length: 3000 }, (_, i) =>
      i % 97 === 0 ? `broken line ${i}` : BLOG_LINE.replace('08/Jan', `${String(1 + (i % 9)).padStart(2, '0')}/Jan`).replace('entry-id=2', `entry-id=${i % 31}`).replace('"-"', `"agent ${i % 13}"`),
    );
    writeFileSync(logFile, `${lines.join('\n')}\n`);
    const [one, two, three, none] = (await runAll([
      [logFile, '--report', 'all', '--json', '--workers', '1'],
      [logFile, '--report', 'all', '--json', '--workers', '2'],
      [logFile, '--report', 'all', '--json', '--workers', '3'],
      [logFile, '--workers', '0'],
    ])) as [CliRun, CliRun, CliRun, CliRun];
    expect(one.code, one.stderr).toBe(0);
    expect((JSON.parse(one.stdout) as { general: { failed: number } }).general.failed).toBe(31);
    for (const n of [two, three]) expect(n.stdout).toBe(one.stdout);
    expect(none.code).toBe(2);
  });
});
