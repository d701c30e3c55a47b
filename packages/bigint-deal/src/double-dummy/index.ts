// @puzzles/bigint-deal/double-dummy: how many tricks a deal makes when all four hands play perfectly, its par, and the
// value of each card in the middle of play. A subpath of its own, so that `import { dealByPage }` stays small.
export {
  DoubleDummyStopped,
  STRAINS,
  doubleDummyPlays,
  doubleDummyTable,
  doubleDummyTricks,
  type CardValue,
  type DdSeat,
  type DoubleDummyOptions,
  type DoubleDummyTable,
  type PlayOptions,
  type PlayValues,
  type Strain,
} from './table.js';
export { type CardText } from './position.js';
export { doubleDummyTables, type TablesOptions } from './tables.js';
export { par, type Par, type ParOptions, type Vulnerability } from './par.js';
export { formatDoubleDummyLine, formatDoubleDummyTable } from './format.js';
