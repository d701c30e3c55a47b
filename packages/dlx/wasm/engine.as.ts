// Algorithm X (DLX1, no colors) in AssemblyScript: the same search as Engine.runX in src/engine.ts, over the same
// node layout, compiled by scripts/build-wasm.mjs into src/engine-wasm.generated.ts. Not published as source.
//
// The memory (imported, one per Engine) holds the engine's typed arrays: m at byte 0, then llink, xs and chosen at
// the byte offsets passed to run(), and a state block at `st`:
//   st+0 f64 nodes, st+8 f64 updates, st+16 f64 limit (return CHECK at ENTER when nodes >= limit),
//   st+24 i32 level, st+28 i32 mode, st+32 i32 maxLevel, st+36 i32 1 = skip the check at the first ENTER (the JS
//   side has just made it).
// Links are BYTE addresses (the JS search stores element indices, 4k), so a load needs no shift; the Engine
// constructor converts its layout (see src/engine.ts). m and llink hold links of T = u16 (node k at byte 8k: the
// exports ending in 16, for problems of at most 8192 nodes, whose links then take half the memory) or T = u32 (node k
// at byte 16k: the other exports). llink is indexed by header: the entry of the header at byte address i is at
// llb + i. xs, chosen and the state block are 32-bit; xs and chosen are indexed by level.

const ENTER = 0;
const TRY = 1;
const BACK = 2;

const EXHAUSTED = 0;
const FOUND = 1;
const CHECK = 2;

// @ts-ignore: decorator
@inline function cover<T>(i: u32, llb: u32): i64 {
  let upd: i64 = 1;
  for (let p = <u32>load<T>(i, sizeof<T>() * 2); p != i; p = <u32>load<T>(p, sizeof<T>() * 2)) {
    for (let q = <u32>load<T>(p, sizeof<T>() * 3); q != p; ) {
      const u = <u32>load<T>(q, sizeof<T>() * 1);
      const d = <u32>load<T>(q, sizeof<T>() * 2);
      store<T>(u, <T>(d), sizeof<T>() * 2);
      store<T>(d, <T>(u), sizeof<T>() * 1);
      const t = <u32>load<T>(q);
      store<T>(t, <T>(<u32>load<T>(t) - 1));
      upd++;
      q = <u32>load<T>(q, sizeof<T>() * 3);
    }
  }
  const l = <u32>load<T>(llb + i);
  const r = <u32>load<T>(i, sizeof<T>() * 3);
  store<T>(l, <T>(r), sizeof<T>() * 3);
  store<T>(llb + r, <T>(l));
  return upd;
}

// @ts-ignore: decorator
@inline function uncover<T>(c: u32, llb: u32): void {
  store<T>(<u32>load<T>(llb + c), <T>(c), sizeof<T>() * 3);
  store<T>(llb + <u32>load<T>(c, sizeof<T>() * 3), <T>(c));
  for (let p = <u32>load<T>(c, sizeof<T>() * 1); p != c; p = <u32>load<T>(p, sizeof<T>() * 1)) {
    for (let q = <u32>load<T>(p, sizeof<T>() * 3); q != p; ) {
      store<T>(<u32>load<T>(q, sizeof<T>() * 1), <T>(q), sizeof<T>() * 2);
      store<T>(<u32>load<T>(q, sizeof<T>() * 2), <T>(q), sizeof<T>() * 1);
      const t = <u32>load<T>(q);
      store<T>(t, <T>(<u32>load<T>(t) + 1));
      q = <u32>load<T>(q, sizeof<T>() * 3);
    }
  }
}

/** Covers the item whose header is at byte address i (Engine.force); returns the links updated. */
export function coverItem(i: u32, llb: u32): i32 {
  return <i32>cover<u32>(i, llb);
}

/** Uncovers the item whose header is at byte address i (Engine.reset, undoing a forced option). */
export function uncoverItem(i: u32, llb: u32): void {
  uncover<u32>(i, llb);
}

/**
 * Uncovers the items of the option of node p other than the one it was chosen for, walking the option backwards
 * from the node before p, circularly (the spacer before the option leads, by its DLINK, to the option's last node).
 */
// @ts-ignore: decorator
@inline function uncoverOthers<T>(p: u32, llb: u32): void {
  for (let x = p - sizeof<T>() * 4; x != p; ) {
    const j = <u32>load<T>(x);
    if (j == 0) {
      x = <u32>load<T>(x, sizeof<T>() * 2);
    } else {
      uncover<T>(j, llb);
      x -= sizeof<T>() * 4;
    }
  }
}

// @ts-ignore: decorator
@inline function unwindT<T>(level: u32, llb: u32, xsb: u32, chb: u32): void {
  while (level > 0) {
    level--;
    uncoverOthers<T>(load<u32>(xsb + (level << 2)), llb);
    uncover<T>(load<u32>(chb + (level << 2)), llb);
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

// @ts-ignore: decorator
@inline function runT<T>(rootB: u32, llb: u32, xsb: u32, chb: u32, st: u32): i32 {
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
      let a = <u32>load<T>(0, sizeof<T>() * 3);
      let b = <u32>load<T>(rootB, sizeof<T>() * 3);
      if (a == 0 && b == rootB) {
        save(st, level, BACK, nodes, updates, maxLevel);
        return FOUND;
      }
      // The item with fewest options, as runX picks it: two chains side by side, candidates compared by
      // (LEN, index) as one 64-bit key, stopping at the first item (in item order) with LEN <= 1.
      let key: u64 = u64.MAX_VALUE;
      // The roots' LEN fields are 0, so a chain that ends also ends this loop.
      while (true) {
        const ta = <u32>load<T>(a);
        const tb = <u32>load<T>(b);
        if (min<u32>(ta, tb) <= 1) break;
        let k = (<u64>ta << 32) | <u64>a;
        key = select<u64>(k, key, k < key);
        k = (<u64>tb << 32) | <u64>b;
        key = select<u64>(k, key, k < key);
        a = <u32>load<T>(a, sizeof<T>() * 3);
        b = <u32>load<T>(b, sizeof<T>() * 3);
      }
      let first: u32 = b != rootB && <u32>load<T>(b) <= 1 ? b : 0x7fffffff;
      for (; a != 0 && a < first; a = <u32>load<T>(a, sizeof<T>() * 3)) {
        const t = <u32>load<T>(a);
        if (t <= 1) {
          first = a;
          break;
        }
        const k = (<u64>t << 32) | <u64>a;
        key = select<u64>(k, key, k < key);
      }
      for (; b != rootB && b < first; b = <u32>load<T>(b, sizeof<T>() * 3)) {
        const t = <u32>load<T>(b);
        if (t <= 1) {
          first = b;
          break;
        }
        const k = (<u64>t << 32) | <u64>b;
        key = select<u64>(k, key, k < key);
      }
      const i: u32 = first != 0x7fffffff ? first : <u32>key;
      if (<u32>load<T>(i) == 0) {
        mode = BACK;
      } else {
        updates += cover<T>(i, llb);
        store<u32>(chb + (level << 2), i);
        store<u32>(xsb + (level << 2), <u32>load<T>(i, sizeof<T>() * 2));
        mode = TRY;
      }
    }
    // TRY and BACK until an option is tried (down a level, to ENTER) or the search ends.
    while (true) {
      if (mode == BACK) {
        if (level == 0) {
          save(st, 0, ENTER, nodes, updates, maxLevel);
          return EXHAUSTED;
        }
        level--;
        const q = load<u32>(xsb + (level << 2));
        uncoverOthers<T>(q, llb);
        store<u32>(xsb + (level << 2), <u32>load<T>(q, sizeof<T>() * 2));
      }
      const p = load<u32>(xsb + (level << 2));
      const c = load<u32>(chb + (level << 2));
      if (p == c) {
        uncover<T>(c, llb);
        mode = BACK;
        continue;
      }
      for (let x = <u32>load<T>(p, sizeof<T>() * 3); x != p; x = <u32>load<T>(x, sizeof<T>() * 3)) updates += cover<T>(<u32>load<T>(x), llb);
      level++;
      mode = ENTER;
      break;
    }
  }
  return -1; // not reached
}

/** Undoes levels level-1 .. 0 of a search that returned FOUND or CHECK, or was stopped (Engine.unwind). */
export function unwind(level: u32, llb: u32, xsb: u32, chb: u32): void {
  unwindT<u32>(level, llb, xsb, chb);
}

/** unwind on 16-bit links (8-byte nodes). */
export function unwind16(level: u32, llb: u32, xsb: u32, chb: u32): void {
  unwindT<u16>(level, llb, xsb, chb);
}

/**
 * Runs the search from the state at `st` until a solution (FOUND, mode BACK), the end (EXHAUSTED, level 0, mode
 * ENTER) or nodes reaching the limit at ENTER (CHECK, mode ENTER). rootB is the byte address of the second root.
 */
export function run(rootB: u32, llb: u32, xsb: u32, chb: u32, st: u32): i32 {
  return runT<u32>(rootB, llb, xsb, chb, st);
}

/** run on 16-bit links (8-byte nodes): problems small enough keep their links in half the memory. */
export function run16(rootB: u32, llb: u32, xsb: u32, chb: u32, st: u32): i32 {
  return runT<u16>(rootB, llb, xsb, chb, st);
}

/** coverItem on 16-bit links. */
export function coverItem16(i: u32, llb: u32): i32 {
  return <i32>cover<u16>(i, llb);
}

/** uncoverItem on 16-bit links. */
export function uncoverItem16(i: u32, llb: u32): void {
  uncover<u16>(i, llb);
}
