// How values are quoted in error messages is the family's one rule (the private kit, inlined at build time).
export { describeValue, optionsOf } from '@puzzles/kit/describe';

/** Thrown by `playRound` on a game that is already over: a RangeError, as the game is outside its playable range. */
export class GameOverError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'GameOverError';
  }
}
