// Algorithm X (DLX1, no colors) in AssemblyScript: the same search as Engine.runX in src/engine.ts, over the same
// node layout, compiled by scripts/build-wasm.mjs into src/engine-wasm.generated.ts. Not published as source.
//
// The memory (imported, one per Engine) holds the engine's Int32Arrays: m at byte 0, then llink, xs and chosen at
// the byte offsets passed to run(), and a state block at `st`:
//   st+0 f64 nodes, st+8 f64 updates, st+16 f64 limit (return CHECK at ENTER when nodes >= limit),
//   st+24 i32 level, st+28 i32 mode, st+32 i32 maxLevel, st+36 i32 1 = skip the check at the first ENTER (the JS
//   side has just made it).
// Links are BYTE addresses (node k at byte 16k; the JS search stores element indices, 4k), so a load needs no shift;
// the Engine constructor converts its layout (see src/engine.ts). llink is indexed by header: the entry of the
// header at byte address i is at llb + i. xs and chosen are indexed by level.

const ENTER = 0;
const TRY = 1;
const BACK = 2;

const EXHAUSTED = 0;
const FOUND = 1;
const CHECK = 2;

// @ts-ignore: decorator
@inline function cover(i: u32, llb: u32): i64 {
  let upd: i64 = 1;
  for (let p = load<u32>(i, 8); p != i; p = load<u32>(p, 8)) {
    for (let q = load<u32>(p, 12); q != p; ) {
      const u = load<u32>(q, 4);
      const d = load<u32>(q, 8);
      store<u32>(u, d, 8);
      store<u32>(d, u, 4);
      const t = load<u32>(q);
      store<u32>(t, load<u32>(t) - 1);
      upd++;
      q = load<u32>(q, 12);
    }
  }
  const l = load<u32>(llb + i);
  const r = load<u32>(i, 12);
  store<u32>(l, r, 12);
  store<u32>(llb + r, l);
  return upd;
}

// @ts-ignore: decorator
@inline function uncover(c: u32, llb: u32): void {
  store<u32>(load<u32>(llb + c), c, 12);
  store<u32>(llb + load<u32>(c, 12), c);
  for (let p = load<u32>(c, 4); p != c; p = load<u32>(p, 4)) {
    for (let q = load<u32>(p, 12); q != p; ) {
      store<u32>(load<u32>(q, 4), q, 8);
      store<u32>(load<u32>(q, 8), q, 4);
      const t = load<u32>(q);
      store<u32>(t, load<u32>(t) + 1);
      q = load<u32>(q, 12);
    }
  }
}

/** Covers the item whose header is at byte address i (Engine.force); returns the links updated. */
export function coverItem(i: u32, llb: u32): i32 {
  return <i32>cover(i, llb);
}

/** Uncovers the item whose header is at byte address i (Engine.reset, undoing a forced option). */
export function uncoverItem(i: u32, llb: u32): void {
  uncover(i, llb);
}

/** Undoes levels level-1 .. 0 of a search that returned FOUND or CHECK, or was stopped (Engine.unwind). */
export function unwind(level: u32, llb: u32, xsb: u32, chb: u32): void {
  while (level > 0) {
    level--;
    const p = load<u32>(xsb + (level << 2));
    for (let x = p - 16; x != p; ) {
      const j = load<u32>(x);
      if (j == 0) {
        x = load<u32>(x, 8);
      } else {
        uncover(j, llb);
        x -= 16;
      }
    }
    uncover(load<u32>(chb + (level << 2)), llb);
  }
}

// @ts-ignore: decorator
@inline function save(st: u32, level: u32, mode: i32, nodes: i64, updates: i64, maxLevel: u32): void {
  store<f64>(st, <f64>nodes, 0);
  store<f64>(st, <f64>updates, 8);
  store<u32>(st, level, 24);
  store<i32>(st, mode, 28);
  store<u32>(st, maxLevel, 32);
}

/**
 * Runs the search from the state at `st` until a solution (FOUND, mode BACK), the end (EXHAUSTED, level 0, mode
 * ENTER) or nodes reaching the limit at ENTER (CHECK, mode ENTER). rootB is the byte address of the second root.
 */
export function run(rootB: u32, llb: u32, xsb: u32, chb: u32, st: u32): i32 {
  let level = load<u32>(st, 24);
  let mode = load<i32>(st, 28);
  let maxLevel = load<u32>(st, 32);
  let skipCheck = load<i32>(st, 36) != 0;
  let nodes = <i64>load<f64>(st, 0);
  let updates = <i64>load<f64>(st, 8);
  const limit = <i64>load<f64>(st, 16);
  while (true) {
    if (mode == ENTER) {
      if (nodes >= limit && !skipCheck) {
        save(st, level, ENTER, nodes, updates, maxLevel);
        return CHECK;
      }
      skipCheck = false;
      nodes++;
      if (level > maxLevel) maxLevel = level;
      let a = load<u32>(0, 12);
      let b = load<u32>(rootB, 12);
      if (a == 0 && b == rootB) {
        save(st, level, BACK, nodes, updates, maxLevel);
        return FOUND;
      }
      // The item with fewest options, as runX picks it: two chains side by side, candidates compared by
      // (LEN, index) as one 64-bit key, stopping at the first item (in item order) with LEN <= 1.
      let key: u64 = u64.MAX_VALUE;
      // The roots' LEN fields are 0, so a chain that ends also ends this loop.
      while (true) {
        const ta = load<u32>(a);
        const tb = load<u32>(b);
        if (min<u32>(ta, tb) <= 1) break;
        let k = (<u64>ta << 32) | <u64>a;
        key = select<u64>(k, key, k < key);
        k = (<u64>tb << 32) | <u64>b;
        key = select<u64>(k, key, k < key);
        a = load<u32>(a, 12);
        b = load<u32>(b, 12);
      }
      let first: u32 = b != rootB && load<u32>(b) <= 1 ? b : 0x7fffffff;
      for (; a != 0 && a < first; a = load<u32>(a, 12)) {
        const t = load<u32>(a);
        if (t <= 1) {
          first = a;
          break;
        }
        const k = (<u64>t << 32) | <u64>a;
        key = select<u64>(k, key, k < key);
      }
      for (; b != rootB && b < first; b = load<u32>(b, 12)) {
        const t = load<u32>(b);
        if (t <= 1) {
          first = b;
          break;
        }
        const k = (<u64>t << 32) | <u64>b;
        key = select<u64>(k, key, k < key);
      }
      const i: u32 = first != 0x7fffffff ? first : <u32>key;
      if (load<u32>(i) == 0) {
        mode = BACK;
        continue;
      }
      updates += cover(i, llb);
      store<u32>(chb + (level << 2), i);
      store<u32>(xsb + (level << 2), load<u32>(i, 8));
      mode = TRY;
    } else if (mode == TRY) {
      const p = load<u32>(xsb + (level << 2));
      const c = load<u32>(chb + (level << 2));
      if (p == c) {
        uncover(c, llb);
        mode = BACK;
        continue;
      }
      for (let x = load<u32>(p, 12); x != p; x = load<u32>(x, 12)) updates += cover(load<u32>(x), llb);
      level++;
      mode = ENTER;
    } else {
      if (level == 0) {
        save(st, 0, ENTER, nodes, updates, maxLevel);
        return EXHAUSTED;
      }
      level--;
      const p = load<u32>(xsb + (level << 2));
      for (let x = p - 16; x != p; ) {
        const j = load<u32>(x);
        if (j == 0) {
          x = load<u32>(x, 8);
        } else {
          uncover(j, llb);
          x -= 16;
        }
      }
      store<u32>(xsb + (level << 2), load<u32>(p, 8));
      mode = TRY;
    }
  }
  return -1; // not reached
}
