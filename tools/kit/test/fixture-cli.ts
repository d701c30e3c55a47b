// A tiny CLI on the kit, for its tests: prints N numbered lines (optionally forever), or fails in the ways asked.
import { integerOption, runCli } from '../src/cli.js';

runCli({
  name: 'fixture',
  help: 'Usage: fixture [--count N] [--forever]',
  packageJson: new URL('../package.json', import.meta.url),
  async main(argv, cli) {
    const { values } = cli.parse(argv, { count: { type: 'string' }, forever: { type: 'boolean' }, bad: { type: 'boolean' } }, { max: 0 });
    if (values.bad) throw new RangeError('count must be positive; got -1');
    const count = values.forever ? Infinity : integerOption(values.count, 'count', { fallback: 3 })!;
    for (let i = 1; i <= count; i++) {
      if (cli.signal.aborted) break;
      await cli.out.line(`line ${i} ${'x'.repeat(60)}`);
    }
    if (cli.interrupted) cli.warn('interrupted');
  },
});
