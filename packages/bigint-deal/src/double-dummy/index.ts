// @puzzles/bigint-deal/double-dummy: how many tricks a deal makes when all four hands play perfectly, its par, and the
// value of each card in the middle of play. A subpath of its own, so that `import { dealByPage }` stays small.
export {
  DoubleDummyStopped,
  STRAINS,
  doubleDummyTable,
  type DdSeat,
  type DoubleDummyOptions,
  type DoubleDummyTable,
  type Strain,
} from './table.js';
export { par, type Par, type ParOptions, type Vulnerability } from './par.js';
