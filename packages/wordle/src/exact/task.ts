// One unit of the exact search, run the same way in this thread or in a worker: the answers one opener leaves after
// one pattern (a group), or a whole opener against a bound.
import { ExactSearch, INFINITE, type SearchSetup } from './search.js';

/** The answers `opener` leaves after pattern `code`, to be searched below `beta`. */
export interface GroupTask {
  readonly kind: 'group';
  readonly id: number;
  readonly opener: number;
  readonly code: number;
  readonly answers: Uint16Array;
  readonly beta: number;
  readonly games: boolean;
}

/** Every answer with `opener` first, to be searched below `beta`. */
export interface OpenerTask {
  readonly kind: 'opener';
  readonly id: number;
  readonly opener: number;
  readonly beta: number;
  readonly games: boolean;
}

/** A task to run. */
export type Task = GroupTask | OpenerTask;

/** A task's result: its value (exact when below its beta, else a lower bound ≥ beta), nodes, and the games found. */
export interface TaskResult {
  readonly id: number;
  readonly value: number;
  readonly nodes: number;
  /** [answer, guesses] for each answer of the task, when asked for and the value is exact. */
  readonly games?: Array<[number, number[]]>;
}

/** The setup as it crosses to a worker (typed arrays over shared memory). */
export type SharedSetup = SearchSetup;

/** Runs a task on a search (whose cache it grows). */
export function runTask(search: ExactSearch, task: Task): TaskResult {
  const before = search.nodes;
  const games: Array<[number, number[]]> = [];
  let value: number;
  if (task.kind === 'group') {
    const allowed = search.allowedAfter(search.all, task.opener, task.code);
    value = search.value(task.answers, 1, allowed, task.beta);
    if (task.games && value < task.beta && value < INFINITE) search.games(task.answers, 1, allowed, value, [task.opener], games);
  } else {
    const all = Uint16Array.from({ length: search.setup.answerCount }, (_, i) => i);
    value = search.sumOver(all, task.opener, 0, search.all, task.beta);
    if (task.games && value < task.beta && value < INFINITE) {
      // The opener is fixed: the games of each group it leaves.
      const { codes, answerCount } = search.setup;
      const groups = new Map<number, number[]>();
      for (let a = 0; a < answerCount; a++) {
        const c = codes[task.opener * answerCount + a]!;
        let group = groups.get(c);
        if (!group) groups.set(c, (group = []));
        group.push(a);
      }
      for (const [c, group] of groups) {
        if (c === 242) {
          games.push([group[0]!, [task.opener]]);
          continue;
        }
        const answers = Uint16Array.from(group);
        const allowed = search.allowedAfter(search.all, task.opener, c);
        const v = search.value(answers, 1, allowed, INFINITE);
        search.games(answers, 1, allowed, v, [task.opener], games);
      }
    }
  }
  return { id: task.id, value, nodes: search.nodes - before, ...(task.games && value < task.beta ? { games } : {}) };
}
