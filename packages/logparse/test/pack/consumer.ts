// The pack-check consumer: compiled as .mts and .cts against the installed tarball, then run with node.
// No top-level await and no import.meta (it must also compile as CommonJS).
import {
  LogLineError,
  collectStats,
  compileFormat,
  isReject,
  parseLine,
  parseLog,
  reportJson,
  toDot,
  type LogRecord,
  type LogStats,
} from '@puzzles/logparse';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`@puzzles/logparse consumer: ${what}`);
}

const LINE =
  '222.153.17.71 - - [08/Jan/2006:00:14:48 +0000] "GET /blog.ucw?entry-id=2 HTTP/1.1" 200 15016 "http://planet.lisp.org/" "Mozilla/5.0" "-"';

async function main(): Promise<void> {
  const one = parseLine(LINE);
  check(!isReject(one) && one.day === 20060108 && one.path === '/blog.ucw?entry-id=2' && one.extra[0] === '-', 'parseLine of the seed line');
  check(compileFormat('common').fields.length === 7, 'the common format has 7 fields');
  const records: LogRecord[] = [];
  for await (const r of parseLog([`${LINE}\n${LINE.replace('08/Jan', '09/Jan')}\nnot a log line\n`])) records.push(r);
  check(records.length === 2, `parseLog gave ${records.length} records`);
  const stats: LogStats = await collectStats([`${LINE}\n`], { status: [200], methods: ['GET'], host: 'http://www.jalat.com' });
  check(JSON.stringify(reportJson(stats, 'days')) === '[{"day":20060108,"hits":1}]', 'days report');
  check(toDot(stats).includes('label="http://www.jalat.com/blog.ucw?entry-id=2"'), 'toDot');
  let strict = false;
  try {
    for await (const _ of parseLog(['oops\n'], { strict: true })) void _;
  } catch (error) {
    strict = error instanceof LogLineError && error.line === 1;
  }
  check(strict, 'strict mode did not throw a LogLineError');
  console.log('consumer: ok');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
