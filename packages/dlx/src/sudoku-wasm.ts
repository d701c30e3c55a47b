// The WebAssembly build of the 9×9 search by bands (wasm/sudoku.as.ts, embedded by scripts/build-wasm.mjs):
// compiled lazily, once per process (or worker), synchronously, with its own memory. Internal: the Sudoku functions
// use it when they can and fall back to the TypeScript search (sudoku-bands.ts) otherwise (no WebAssembly, or a
// Content-Security-Policy without 'wasm-unsafe-eval').
import { decodeBase64 } from '@puzzles/kit/base64';
import { sudokuWasmBase64 } from './sudoku-wasm.generated.js';

// The little of the WebAssembly JS API used here (the package compiles without the DOM lib, which declares it).
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: Readonly<Record<string, unknown>> };
}

/** Status codes of a puzzle (below 0; at or above 0 a status is the number of solutions found). @internal */
export const BAD_CELL = -1;
export const BAD_LENGTH = -2;
export const CLASH = -3;

/** One instance of the module: its exports and views of its memory (renewed when it grows). @internal */
export class SudokuWasm {
  readonly #memory: WasmMemory;
  readonly #solveText: (at: number, limit: number) => number;
  readonly #solveCells: (limit: number, stats: boolean) => number;
  readonly #solveLines: (at: number, length: number, limit: number, statusAt: number, solutionsAt: number) => number;
  readonly #solveCellBatch: (at: number, count: number, limit: number, statusAt: number, solutionsAt: number) => void;
  readonly #lastNodes: () => number;
  readonly #lastUpdates: () => number;
  /** Where the JS side's data starts; the scratch puzzle and its solution (ASCII digits). */
  readonly io: number;
  readonly puzzleAt: number;
  readonly solutionAt: number;
  #bytes: Uint8Array;

  constructor(exports: Readonly<Record<string, unknown>>) {
    const call = <F>(name: string): F => {
      const f = exports[name];
      if (typeof f !== 'function') throw new Error(`the Sudoku WebAssembly module has no ${name}`);
      return f as F;
    };
    this.#memory = exports.memory as WasmMemory;
    this.#solveText = call('solveText');
    this.#solveCells = call('solveCells');
    this.#solveLines = call('solveLines');
    this.#solveCellBatch = call('solveCellBatch');
    this.#lastNodes = call('lastNodes');
    this.#lastUpdates = call('lastUpdates');
    this.io = call<() => number>('io')();
    this.puzzleAt = call<() => number>('puzzleAt')();
    this.solutionAt = call<() => number>('solutionAt')();
    this.#bytes = new Uint8Array(this.#memory.buffer);
  }

  /** The memory as bytes (the module never grows it itself: only reserve does, which renews the view). */
  get bytes(): Uint8Array {
    return this.#bytes;
  }

  /** Makes the memory at least `bytes` long. */
  reserve(bytes: number): void {
    const have = this.#memory.buffer.byteLength;
    if (bytes > have) {
      this.#memory.grow(Math.ceil((bytes - have) / 65536));
      this.#bytes = new Uint8Array(this.#memory.buffer);
    }
  }

  /**
   * Solves an 81-character string (no whitespace) for up to `limit` solutions: the count, or a status below 0 (the
   * caller then parses the string the slow way for the error's message). The first solution is at solutionAt.
   */
  solveString(text: string, limit: number): number {
    const bytes = this.bytes;
    const at = this.puzzleAt;
    for (let k = 0; k < 81; k++) {
      const code = text.charCodeAt(k);
      // A character beyond one byte is a bad cell, whatever its low byte says.
      bytes[at + k] = code < 256 ? code : 0;
    }
    return this.#solveText(at, limit);
  }

  /**
   * Solves checked cell values (81, 0 blank or 1..9) for up to `limit` solutions; the first is at solutionAt. With
   * `stats`, `updates` counts the candidates removed (else it is not kept up to date).
   */
  solveValues(cells: ArrayLike<number>, limit: number, stats = false): number {
    const bytes = this.bytes;
    const at = this.puzzleAt;
    for (let k = 0; k < 81; k++) bytes[at + k] = cells[k]!;
    return this.#solveCells(limit, stats);
  }

  /** The solution found last as a string of 81 digits. */
  solutionString(): string {
    const at = this.solutionAt;
    return String.fromCharCode.apply(null, this.bytes.subarray(at, at + 81) as unknown as number[]);
  }

  /** Writes the solution found last as cell values 1..9 into out. */
  writeSolution(out: Uint8Array): void {
    const bytes = this.bytes;
    const at = this.solutionAt;
    for (let k = 0; k < 81; k++) out[k] = bytes[at + k]! - 48;
  }

  /** Nodes and candidates removed by the last search. */
  get nodes(): number {
    return this.#lastNodes();
  }
  get updates(): number {
    return this.#lastUpdates();
  }

  /** See wasm/sudoku.as.ts solveLines: the text's bytes are at `at`. */
  solveLines(at: number, length: number, limit: number, statusAt: number, solutionsAt: number): number {
    return this.#solveLines(at, length, limit, statusAt, solutionsAt);
  }

  /** See wasm/sudoku.as.ts solveCellBatch. */
  solveCellBatch(at: number, count: number, limit: number, statusAt: number, solutionsAt: number): void {
    this.#solveCellBatch(at, count, limit, statusAt, solutionsAt);
  }
}

let enabled = true;
// undefined: not tried yet; null: unavailable in this process.
let instance: SudokuWasm | null | undefined;

/** Switches the WebAssembly search on or off (tests run both paths). @internal */
export function setSudokuWasmEnabled(on: boolean): void {
  enabled = on;
}

/** The process's instance, or null when WebAssembly is switched off or refused. @internal */
export function sudokuWasm(): SudokuWasm | null {
  if (!enabled) return null;
  if (instance === undefined) {
    const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
    try {
      instance = wasm === undefined ? null : new SudokuWasm(new wasm.Instance(new wasm.Module(decodeBase64(sudokuWasmBase64)), {}).exports);
    } catch {
      instance = null;
    }
  }
  return instance;
}
