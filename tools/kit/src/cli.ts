// The CLI kit: everything a @puzzles command shares (Node only). tsup inlines it into each package's CLI bundle.
export { COMMON_OPTIONS, UsageError, checkPositionals, choiceOption, closest, durationOption, integerOption, parseOptions } from './args.js';
export { escapeText, quote } from './describe.js';
export { InputError, MAX_TEXT_BYTES, inputName, readAll, readLines, readText, type InputLine } from './input.js';
export { Output, OutputClosed, OutputFailed } from './output.js';
export { formatDuration, progress, type Progress, type ProgressOptions } from './progress.js';
export { BAD_LINES_SHOWN, EXIT_TIMEOUT, colorEnabled, runCli, type Cli, type CliSpec } from './run.js';
export { roundMs } from './json.js';
