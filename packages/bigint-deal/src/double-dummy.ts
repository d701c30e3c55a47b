// The entry of the subpath @puzzles/bigint-deal/double-dummy (dist/double-dummy.js): double-dummy analysis and par.
export * from './double-dummy/index.js';
