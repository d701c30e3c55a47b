// How this package quotes values in error messages: the family's one rule, from the private kit (inlined by tsup).
export { describeValue, optionsOf } from '@puzzles/kit/describe';
