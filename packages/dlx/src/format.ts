// Knuth's DLX1/DLX2/DLX3 text format: the first line names the items, primary ones before a `|` and secondary ones
// after it (a primary item may be written `u:v|name`, or `v|name` when u = v: covered from u to v times, DLX3); then
// one option per line, `item:color` for a colored secondary item. Lines that start with `|` are comments, blank
// lines are skipped, and on an option line everything after a `|` is a comment.
import { describeValue } from './errors.js';
import { Problem, defineProblem, isValidName, splitBounds, type OptionSpec } from './problem.js';

/** Reads a problem in Knuth's DLX1/DLX2/DLX3 format. Throws a RangeError naming the line and the fault. */
export function parseDlx(text: string): Problem<OptionSpec> {
  if (typeof text !== 'string') throw new TypeError(`DLX input must be a string; got ${describeValue(text)}`);
  const lines = text.split(/\r?\n|\r/);
  let primary: string[] | null = null;
  const primaryWritten: string[] = [];
  const secondary: string[] = [];
  const options: string[][] = [];
  const known = new Map<string, boolean>(); // name -> is primary
  lines.forEach((raw, k) => {
    const line = k + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('|')) return;
    if (primary === null) {
      primary = [];
      let inSecondary = false;
      for (const token of trimmed.split(/\s+/)) {
        if (token === '|') {
          if (inSecondary) throw new RangeError(`line ${line}: the item line has more than one '|'`);
          inSecondary = true;
          continue;
        }
        let name = token;
        if (token.includes('|')) {
          if (inSecondary) throw new RangeError(`line ${line}: secondary item ${describeValue(token)} has a multiplicity; only primary items take u:v|name`);
          try {
            name = splitBounds(token).name;
          } catch (error) {
            throw new RangeError(`line ${line}: ${(error as Error).message}`);
          }
        }
        if (!isValidName(name)) throw new RangeError(`line ${line}: ${describeValue(token)} is not a valid item name: no ':' or '|' inside a name`);
        if (known.has(name)) throw new RangeError(`line ${line}: item ${describeValue(name)} is listed twice`);
        known.set(name, !inSecondary);
        if (!inSecondary) primaryWritten.push(token);
        (inSecondary ? secondary : primary).push(name);
      }
      if (primary.length === 0) throw new RangeError(`line ${line}: the item line names no primary item`);
      return;
    }
    const bar = trimmed.indexOf('|');
    const body = (bar < 0 ? trimmed : trimmed.slice(0, bar)).trim();
    if (body === '') throw new RangeError(`line ${line}: an option needs at least one item`);
    const entries = body.split(/\s+/);
    const names = new Set<string>();
    for (const entry of entries) {
      const colon = entry.indexOf(':');
      const name = colon < 0 ? entry : entry.slice(0, colon);
      const isPrimary = known.get(name);
      if (isPrimary === undefined) throw new RangeError(`line ${line}: unknown item ${describeValue(name)} in option ${describeValue(body)}`);
      if (names.has(name)) throw new RangeError(`line ${line}: item ${describeValue(name)} appears twice in option ${describeValue(body)}`);
      names.add(name);
      if (colon >= 0) {
        if (isPrimary) throw new RangeError(`line ${line}: primary item ${describeValue(name)} cannot have a color`);
        if (!isValidName(entry.slice(colon + 1))) throw new RangeError(`line ${line}: bad color in ${describeValue(entry)}`);
      }
    }
    options.push(entries);
  });
  if (primary === null) throw new RangeError('DLX input has no item line (every line is blank or a comment)');
  return defineProblem({ primary: primaryWritten, secondary, options });
}

/**
 * Writes a problem in Knuth's DLX1/DLX2/DLX3 format (item line, with `u:v|name` or `v|name` for a primary item with
 * a multiplicity; then one option per line), ending with a newline.
 */
export function formatDlx(problem: Problem<unknown>): string {
  if (!(problem instanceof Problem)) throw new TypeError(`formatDlx needs a Problem; got ${describeValue(problem)}`);
  if (problem.primary.length === 0) throw new RangeError("Knuth's format needs at least one primary item; this problem has none");
  const primary = problem.primary.map((name, k) => {
    const [lower, upper] = problem.bounds[k]!;
    return lower === 1 && upper === 1 ? name : lower === upper ? `${upper}|${name}` : `${lower}:${upper}|${name}`;
  });
  const head = problem.secondary.length === 0 ? primary.join(' ') : `${primary.join(' ')} | ${problem.secondary.join(' ')}`;
  return `${[head, ...problem.options.map((option) => option.join(' '))].join('\n')}\n`;
}
