// pnpm --filter @puzzles/logparse bench:parquet — the records of a 1M-line log as Parquet.
// 1. The CLI over LINES lines (elastic-apache.log repeated): `--report general --json` alone and with
//    `--parquet FILE`, wall time and peak resident memory (Linux /proc VmHWM), medians of ROUNDS alternating runs;
//    the file's size, and the log's.
// 2. The two JavaScript Parquet writers on the same ROWS records, medians of ROUNDS alternating runs: hyparquet-writer
//    (what the package uses: `ParquetLogWriter`, row groups of 65,536) and parquet-wasm (Rust's parquet crate in
//    WebAssembly, from an Apache Arrow table built in JavaScript: how a JavaScript program hands it rows), both with
//    Snappy; the time to encode and the file's size. parquet-wasm and apache-arrow are not dependencies of this
//    package: set PARQUET_WASM_DIR to a folder where `npm install parquet-wasm apache-arrow` was run; without it the
//    bench says so and skips the comparison.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLog } from '../dist/node.js';
import { ParquetLogWriter } from '../dist/parquet.js';
import { classifyAgent, type AgentClass, type LogRecord } from '../dist/index.js';

const DATA = process.env.LOGPARSE_DATA ?? fileURLToPath(new URL('../../../../shared/data/logs/elastic-apache.log', import.meta.url));
const LINES = Number(process.env.LINES ?? 1_000_000);
const ROWS = Number(process.env.ROWS ?? 200_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Runs the CLI: wall ms and peak resident MB (sampled from /proc every 10 ms). */
async function measure(args: string[]): Promise<{ ms: number; mb: number }> {
  const start = performance.now();
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let peak = 0;
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setInterval(() => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
    } catch {
      // ended
    }
  }, 10);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`logparse ${args.join(' ')} failed (${code}): ${stderr}`);
  return { ms: performance.now() - start, mb: peak };
}

const dir = mkdtempSync(join(tmpdir(), 'logparse-parquet-bench-'));
try {
  console.log(`logparse Parquet bench: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${ROUNDS} alternating runs, medians`);
  const source = readFileSync(DATA);
  const per = source.toString('latin1').split('\n').filter((l) => l !== '').length;
  const log = join(dir, 'access.log');
  const out = createWriteStream(log);
  for (let i = 0; i < Math.ceil(LINES / per); i++) if (!out.write(source)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
  const lines = per * Math.ceil(LINES / per);

  // 1. The CLI with and without --parquet.
  const file = join(dir, 'access.parquet');
  const cases: Array<[string, string[]]> = [
    ['--report general --json', [log, '--report', 'general', '--json', '--quiet']],
    ['  … --parquet FILE', [log, '--report', 'general', '--json', '--quiet', '--parquet', file]],
  ];
  const runs = new Map<string, Array<{ ms: number; mb: number }>>(cases.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) for (const [name, args] of cases) runs.get(name)!.push(await measure(args));
  console.log(`\n${lines.toLocaleString('en-US')} lines (${(statSync(log).size / 1e6).toFixed(0)} MB), the CLI:`);
  for (const [name] of cases) {
    const r = runs.get(name)!;
    console.log(`  ${name.padEnd(26)} ${(median(r.map((x) => x.ms)) / 1000).toFixed(2).padStart(6)} s   peak ${median(r.map((x) => x.mb)).toFixed(0).padStart(4)} MB   (runs: ${r.map((x) => (x.ms / 1000).toFixed(2)).join(' ')} s)`);
  }
  console.log(`  the Parquet file: ${(statSync(file).size / 1e6).toFixed(1)} MB (${((statSync(file).size / statSync(log).size) * 100).toFixed(1)}% of the log)`);

  // 2. The writers on the same records.
  const records: LogRecord[] = [];
  for await (const record of parseLog(log)) {
    records.push(record);
    if (records.length >= ROWS) break;
  }
  const ours = (): { ms: number; bytes: number } => {
    const path = join(dir, 'ours.parquet');
    rmSync(path, { force: true });
    const start = performance.now();
    const writer = new ParquetLogWriter(path);
    for (const r of records) writer.add(r);
    writer.close();
    return { ms: performance.now() - start, bytes: statSync(path).size };
  };
  const wasmDir = process.env.PARQUET_WASM_DIR;
  let theirs: (() => { ms: number; bytes: number }) | undefined;
  if (wasmDir === undefined) console.log('\nparquet-wasm: PARQUET_WASM_DIR is not set (a folder with `npm install parquet-wasm apache-arrow`): no comparison');
  else {
    const require = createRequire(join(wasmDir, 'package.json'));
    // Typed here by hand: neither package is a dependency (nor installed) where the package is type-checked.
    type Vector = unknown;
    type DataType = unknown;
    const arrow = require('apache-arrow') as {
      vectorFromArray(values: unknown[], type: DataType): Vector;
      Table: new (columns: Record<string, Vector>) => unknown;
      tableToIPC(table: unknown, format: 'stream'): Uint8Array;
      Utf8: new () => DataType;
      Int32: new () => DataType;
      Int64: new () => DataType;
      Bool: new () => DataType;
      DateDay: new () => DataType;
      TimestampMillisecond: new (timezone: string) => DataType;
    };
    const wasm = require('parquet-wasm') as {
      WriterPropertiesBuilder: new () => { setCompression(value: number): { build(): unknown } };
      Compression: { SNAPPY: number };
      Table: { fromIPCStream(ipc: Uint8Array): unknown };
      writeParquet(table: unknown, properties: unknown): Uint8Array;
    };
    // The agents' classes, found before the clock starts (ours looks them up in a cache of its own, as here).
    const classes = new Map<string | null, AgentClass>();
    for (const r of records) if (!classes.has(r.userAgent)) classes.set(r.userAgent, classifyAgent(r.userAgent));
    theirs = () => {
      const start = performance.now();
      const col = <T>(f: (r: LogRecord) => T) => records.map(f);
      const utf8 = (f: (r: LogRecord) => string | null) => arrow.vectorFromArray(col(f), new arrow.Utf8());
      const table = new arrow.Table({
        time: arrow.vectorFromArray(col((r) => r.time?.getTime() ?? null), new arrow.TimestampMillisecond('UTC')),
        day: arrow.vectorFromArray(col((r) => (r.day === null ? null : Date.UTC(Math.floor(r.day / 10000), (Math.floor(r.day / 100) % 100) - 1, r.day % 100))), new arrow.DateDay()),
        host: utf8((r) => r.ip),
        method: utf8((r) => r.method),
        path: utf8((r) => (r.path === null ? null : r.path.split('?', 1)[0]!)),
        query: utf8((r) => (r.path === null || !r.path.includes('?') ? null : r.path.slice(r.path.indexOf('?') + 1))),
        protocol: utf8((r) => r.protocol),
        status: arrow.vectorFromArray(col((r) => r.status), new arrow.Int32()),
        bytes: arrow.vectorFromArray(col((r) => (r.bytes === null ? null : BigInt(r.bytes))), new arrow.Int64()),
        referrer: utf8((r) => r.referrer),
        user_agent: utf8((r) => r.userAgent),
        browser: utf8((r) => classes.get(r.userAgent)!.browser),
        os: utf8((r) => classes.get(r.userAgent)!.os),
        crawler: arrow.vectorFromArray(col((r) => classes.get(r.userAgent)!.crawler), new arrow.Bool()),
      });
      const props = new wasm.WriterPropertiesBuilder().setCompression(wasm.Compression.SNAPPY).build();
      const bytes = wasm.writeParquet(wasm.Table.fromIPCStream(arrow.tableToIPC(table, 'stream')), props);
      return { ms: performance.now() - start, bytes: bytes.length };
    };
  }
  const writers: Array<[string, () => { ms: number; bytes: number }]> = [['hyparquet-writer 0.17.0', ours], ...(theirs === undefined ? [] : [['parquet-wasm 0.8.0 (+ apache-arrow)', theirs] as [string, () => { ms: number; bytes: number }]])];
  const times = new Map<string, Array<{ ms: number; bytes: number }>>(writers.map(([name]) => [name, []]));
  for (const [, write] of writers) write(); // once each first: compile and warm up
  for (let round = 0; round < ROUNDS; round++) for (const [name, write] of writers) times.get(name)!.push(write());
  console.log(`\nthe writers, ${records.length.toLocaleString('en-US')} records, Snappy:`);
  for (const [name] of writers) {
    const r = times.get(name)!;
    console.log(`  ${name.padEnd(36)} ${median(r.map((x) => x.ms)).toFixed(0).padStart(6)} ms   ${(r[0]!.bytes / 1e6).toFixed(2)} MB   (runs: ${r.map((x) => x.ms.toFixed(0)).join(' ')} ms)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
