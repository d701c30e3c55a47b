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
import { collectStats as collectFromNode, LogLineError as NodeLogLineError } from '@puzzles/logparse/node';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`@puzzles/logparse consumer: ${what}`);
}

const LINE =
  '222.153.17.71 - - [08/Jan/2006:00:14:48 +0000] "GET /blog.ucw?entry-id=2 HTTP/1.1" 200 15016 "http://planet.lisp.org/" "Mozilla/5.0" "-"';

async function main(): Promise<void> {
  const one = parseLine(LINE);
  check(!isReject(one) && one.day === 20060108 && one.path === '/blog.ucw?entry-id=2' && one.extra[0] === '-', 'parseLine of the sample line');
  check(compileFormat('common').fields.length === 7, 'the common format has 7 fields');
  const records: LogRecord[] = [];
  for await (const r of parseLog([`${LINE}\n${LINE.replace('08/Jan', '09/Jan')}\nnot a log line\n`])) records.push(r);
  check(records.length === 2, `parseLog gave ${records.length} records`);
  const stats: LogStats = await collectStats([`${LINE}\n`], { status: [200], methods: ['GET'], host: 'http://www.example.com' });
  check(JSON.stringify([...reportJson(stats, 'days')][0]) === '{"day":"2006-01-08","hits":1}', 'days report');
  check(toDot(stats).includes('label="http://www.example.com/blog.ucw?entry-id=2"'), 'toDot');
  const fromNode = await collectFromNode([`${LINE}\n`]);
  check(fromNode.kept === 1, 'the /node entry counts chunks too');
  check(NodeLogLineError === LogLineError, 'both entries share one LogLineError class');
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
