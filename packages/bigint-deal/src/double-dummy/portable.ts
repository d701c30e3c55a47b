// The few machine operations the double-dummy search (search.ts) needs, for its JavaScript build. Its WebAssembly build
// (scripts/build-wasm.mjs) replaces the import of this file with AssemblyScript's own instructions of the same names.

/** A 32-bit integer. @internal */
export type i32 = number;
/** A double. @internal */
export type f64 = number;
/** A boolean. @internal */
export type bool = boolean;

/** Leading zero bits of a 32-bit integer (32 for 0). @internal */
export function clz32(x: i32): i32 {
  return Math.clz32(x);
}

/** Set bits of a 32-bit integer. @internal */
export function popcnt32(x: i32): i32 {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) | 0;
}

/** 32-bit multiplication, wrapping. @internal */
export function mul32(a: i32, b: i32): i32 {
  return Math.imul(a, b);
}

/** Milliseconds from an arbitrary origin, for the deadline. @internal */
export function nowMs(): f64 {
  return performance.now();
}
