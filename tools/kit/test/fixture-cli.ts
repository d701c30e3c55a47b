// A tiny CLI on the kit, for its tests: prints numbered lines (or forever), reads files, and fails in the ways asked.
import { durationOption, integerOption, readAll, readLines, readText, runCli } from '../src/cli.js';

runCli({
  name: 'fixture',
  help: 'Usage: fixture [--count N] [--forever] [--lines FILE] [--text FILE]',
  packageJson: new URL('../package.json', import.meta.url),
  async main(argv, cli) {
    const { values } = cli.parse(
      argv,
      {
        count: { type: 'string' },
        forever: { type: 'boolean' },
        range: { type: 'boolean' },
        internal: { type: 'boolean' },
        lines: { type: 'string' },
        text: { type: 'string' },
        color: { type: 'boolean' },
        timeout: { type: 'string' },
        prompt: { type: 'boolean' },
        checked: { type: 'string' },
        all: { type: 'string' },
        'max-bytes': { type: 'string' },
      },
      { max: 0 },
    );
    cli.timeout(durationOption(values.timeout));
    if (values.range) throw new RangeError('count must be positive; got -1');
    if (values.internal) throw new Error('a bug');
    if (values.color) return void (await cli.out.line(String(cli.color)));
    const maxBytes = integerOption(values['max-bytes'], 'max-bytes');
    if (values.text !== undefined) return void (await cli.out.line(`${readText(values.text, maxBytes === undefined ? {} : { maxBytes }).length} characters`));
    if (values.all !== undefined) {
      const text = await readAll(values.all, { signal: cli.signal, ...(maxBytes === undefined ? {} : { maxBytes }) });
      if (text === undefined) cli.warn('stopped by --timeout while reading');
      else await cli.out.line(`${text.length} characters`);
      return;
    }
    if (values.checked !== undefined) {
      // Every line must read 'ok'; the others are bad lines, reported and counted by the kit.
      let good = 0;
      for await (const { text, line } of readLines(values.checked, { signal: cli.signal })) {
        if (text === 'ok') good++;
        else cli.badLine(`line ${line}: expected 'ok'`);
      }
      if (cli.stopReason === 'timeout') cli.warn(`stopped by --timeout after ${good} good lines`);
      else await cli.out.line(`${good} good lines`);
      return;
    }
    if (values.lines !== undefined) {
      for await (const { text, line } of readLines(values.lines, { maxLength: 100, signal: cli.signal })) await cli.out.line(`${line}: ${text}`);
      if (cli.stopReason === 'timeout') cli.warn('stopped by --timeout while reading');
      return;
    }
    if (values.prompt) {
      await cli.out.write('guess? ');
      for await (const { text } of readLines('-', { signal: cli.signal })) await cli.out.line(`got ${text}`);
      return;
    }
    const count = values.forever ? Infinity : integerOption(values.count, 'count', { fallback: 3 })!;
    let i = 0;
    while (i < count && !cli.signal.aborted) await cli.out.line(`line ${++i} ${'x'.repeat(60)}`);
    if (cli.stopReason === 'timeout') cli.warn(`stopped by --timeout after ${i > 0 ? 'some' : 'no'} lines`);
    return 0;
  },
});
