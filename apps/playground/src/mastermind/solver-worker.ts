// The solver worker: runs @puzzles/mastermind's solve() for each strategy and posts each result as soon as it is
// ready (the fast heuristics first, the exact 'optimal' search last).
import { solve, type StrategyName, type StrategyOptions } from '@puzzles/mastermind';
import { optimalOpener } from './options.js';
import type { SolveRequest, SolveResponse } from './protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<SolveRequest>) => void) | null;
  postMessage(message: SolveResponse): void;
}
const scope = self as unknown as WorkerScope;

/** The options the page gives solve() for a strategy: the state-machine strategy gets the page seed, optimal its opener. */
function optionsFor(strategy: StrategyName, request: SolveRequest): StrategyOptions {
  const size = { pegs: request.pegs, colors: request.colors };
  if (strategy === 'state-machine') return { ...size, strategy, seed: request.seed };
  if (strategy === 'optimal') {
    const opener = optimalOpener(size);
    return opener === undefined ? { ...size, strategy } : { ...size, strategy, opener };
  }
  return { ...size, strategy };
}

scope.onmessage = (event) => {
  const request = event.data;
  for (const strategy of request.strategies) {
    const options = optionsFor(strategy, request);
    try {
      const start = performance.now();
      const result = solve(request.secret, options);
      scope.postMessage({ strategy, result, ms: performance.now() - start, opener: options.opener ?? null });
    } catch (error) {
      scope.postMessage({ strategy, error: error instanceof Error ? error.message : String(error) });
    }
  }
};
