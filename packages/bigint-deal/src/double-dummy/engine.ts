// The two builds of the double-dummy search behind one interface: the WebAssembly module (compiled lazily, once per
// process, synchronously) where WebAssembly is allowed, else the same search as JavaScript. One engine per build and
// table size per thread: the search keeps its state in module-level arrays.
import { decodeBase64 } from '@puzzles/kit/base64';
import * as js from './search.js';
import { searchWasmBase64 } from './search-wasm.generated.js';

/** The search's entry points, the same in both builds (see search.ts). @internal */
export interface SearchEngine {
  readonly kind: 'wasm' | 'js';
  readonly init: (log2Buckets: number) => void;
  readonly clearTable: () => void;
  readonly setHand: (seat: number, suit: number, mask: number) => void;
  readonly setTrick: (suit: number, mask: number) => void;
  readonly setTrump: (strain: number) => void;
  readonly setLimits: (maxNodes: number, until: number) => void;
  readonly nodeCount: () => number;
  readonly wasStopped: () => boolean | number;
  readonly solve: (
    position: number,
    seat: number,
    left: number,
    leadSuit: number,
    winSeat: number,
    winCard: number,
    low: number,
    high: number,
    guess: number,
  ) => number;
}

interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: Readonly<Record<string, unknown>> };
}

/** The clock the search reads for its deadline (a call with a signal makes an aborted signal read +Infinity). @internal */
export const clock = { now: (): number => performance.now() };

let compiled: object | null | undefined;
let wasmEnabled = true;

/** Switches the WebAssembly build on or off for engines made afterwards (tests run both builds). @internal */
export function setWasmEnabled(on: boolean): void {
  wasmEnabled = on;
}

function wasmModule(): object | null {
  if (compiled !== undefined) return compiled;
  const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  try {
    compiled = wasm === undefined ? null : new wasm.Module(decodeBase64(searchWasmBase64));
  } catch {
    compiled = null; // refused (a Content-Security-Policy without 'wasm-unsafe-eval'), or no WebAssembly at all
  }
  return compiled;
}

const NAMES = ['init', 'clearTable', 'setHand', 'setTrick', 'setTrump', 'setLimits', 'nodeCount', 'wasStopped', 'solve'] as const;

function instantiate(): SearchEngine | null {
  const module = wasmModule();
  const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (module === null || wasm === undefined) return null;
  try {
    const exports = new wasm.Instance(module, { env: { nowMs: () => clock.now() } }).exports;
    const engine: Record<string, unknown> = { kind: 'wasm' };
    for (const name of NAMES) {
      if (typeof exports[name] !== 'function') return null;
      engine[name] = exports[name];
    }
    return engine as unknown as SearchEngine;
  } catch {
    return null;
  }
}

let wasmEngine: SearchEngine | null | undefined;
let wasmSize = -1;
let jsSize = -1;

/** The JavaScript build, as an engine. */
const jsEngine: SearchEngine = {
  kind: 'js',
  init: js.init,
  clearTable: js.clearTable,
  setHand: js.setHand,
  setTrick: js.setTrick,
  setTrump: js.setTrump,
  setLimits: js.setLimits,
  nodeCount: js.nodeCount,
  wasStopped: js.wasStopped,
  solve: js.solve,
};

/**
 * The engine of this thread with a transposition table of 2^log2Buckets buckets: WebAssembly unless `kind` is 'js' or
 * WebAssembly is unavailable. A new size makes a new WebAssembly instance (the old one's memory is let go). @internal
 */
export function engineFor(log2Buckets: number, kind: 'wasm' | 'js' | undefined): SearchEngine {
  if (kind !== 'js' && wasmEnabled) {
    if (wasmEngine === undefined || (wasmEngine !== null && wasmSize !== log2Buckets)) {
      wasmEngine = instantiate();
      if (wasmEngine !== null) {
        wasmEngine.init(log2Buckets);
        wasmSize = log2Buckets;
      }
    }
    if (wasmEngine !== null) return wasmEngine;
  }
  if (jsSize !== log2Buckets) {
    jsEngine.init(log2Buckets);
    jsSize = log2Buckets;
  }
  return jsEngine;
}
