// The WebAssembly build of Algorithm X (wasm/engine.as.ts, embedded by scripts/build-wasm.mjs): compiled lazily,
// once per process, synchronously. Internal: Engine uses it when it can and falls back to its JS search otherwise
// (no WebAssembly, or a Content-Security-Policy without 'wasm-unsafe-eval', or a problem too big for one memory).
import { decodeBase64 as decode } from '@puzzles/kit/base64';
import { engineWasmBase64 } from './engine-wasm.generated.js';

// The little of the WebAssembly JS API used here (the package compiles without the DOM lib, which declares it).
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
  readonly Instance: new (module: object, imports: object) => { readonly exports: Readonly<Record<string, unknown>> };
}

/** The exports of one instance. @internal */
export interface WasmSearch {
  readonly memory: WasmMemory;
  /** See wasm/engine.as.ts: returns 0 EXHAUSTED, 1 FOUND, 2 CHECK. */
  readonly run: (rootB: number, llBase: number, xsBase: number, chosenBase: number, state: number) => number;
  /** Covers the item with its header at byte address i; returns the links updated. */
  readonly coverItem: (i: number, llBase: number) => number;
  /** Uncovers the item with its header at byte address i. */
  readonly uncoverItem: (i: number, llBase: number) => void;
  /** Undoes search levels level-1 .. 0. */
  readonly unwind: (level: number, llBase: number, xsBase: number, chosenBase: number) => void;
}

/** What run() returns when nodes reached the limit (the JS side then checks, and calls run() again). @internal */
export const CHECK = 2;

let enabled = true;
// undefined: not tried yet; null: unavailable in this process.
let compiled: object | null | undefined;

/** Switches the WebAssembly engine on or off for Engines made afterwards (tests run both engines). @internal */
export function setWasmEnabled(on: boolean): void {
  enabled = on;
}

/** True when Engines made now would use WebAssembly for Algorithm X (if their problem fits). @internal */
export function wasmAvailable(): boolean {
  return enabled && wasmModule() !== null;
}

function api(): WasmApi | undefined {
  return (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
}

function wasmModule(): object | null {
  if (compiled === undefined) {
    const wasm = api();
    try {
      compiled = wasm !== undefined ? new wasm.Module(decode(engineWasmBase64)) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled ?? null;
}

/**
 * A new instance with its own fixed-size memory of at least `bytes` bytes, or null when WebAssembly is switched off,
 * unavailable, or cannot give that memory. @internal
 */
export function instantiateSearch(bytes: number, narrow = false): WasmSearch | null {
  if (!enabled) return null;
  const module = wasmModule();
  const wasm = api();
  if (module === null || wasm === undefined) return null;
  const pages = Math.max(1, Math.ceil(bytes / 65536));
  if (pages > 32768) return null; // 2 GiB: beyond that, the JS engine
  try {
    const memory = new wasm.Memory({ initial: pages, maximum: pages });
    const instance = new wasm.Instance(module, { env: { memory } });
    // narrow: the exports for 16-bit links (8-byte nodes).
    const e = instance.exports;
    const [run, coverItem, uncoverItem, unwind] = narrow
      ? [e.run16, e.coverItem16, e.uncoverItem16, e.unwind16]
      : [e.run, e.coverItem, e.uncoverItem, e.unwind];
    if (typeof run !== 'function' || typeof coverItem !== 'function') return null;
    if (typeof uncoverItem !== 'function' || typeof unwind !== 'function') return null;
    return {
      memory,
      run: run as WasmSearch['run'],
      coverItem: coverItem as WasmSearch['coverItem'],
      uncoverItem: uncoverItem as WasmSearch['uncoverItem'],
      unwind: unwind as WasmSearch['unwind'],
    };
  } catch {
    return null;
  }
}
