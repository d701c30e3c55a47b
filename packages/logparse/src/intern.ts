// Interning without strings: byte ranges are hashed and compared in place, and a string is decoded only the first
// time a distinct value is seen. Pairs of ids get ids of their own in an open-addressing table of typed arrays.

import { asBytes, encodeText } from './bytes.js';
import { utf8TextOf } from './text.js';

/** Distinct byte strings → dense ids (0, 1, 2…), with their decoded text. @internal */
export class ByteInterner {
  readonly strings: string[] = [];
  // Small at first (they grow by doubling): the tables that fit the cache make the lookups cheap.
  #table: Int32Array = new Int32Array(1 << 11); // slot → id + 1
  #mask = (1 << 11) - 1;
  #hashes: Int32Array = new Int32Array(1 << 10);
  #offsets: Int32Array = new Int32Array(1 << 10);
  #lengths: Int32Array = new Int32Array(1 << 10);
  #arena: Uint8Array = new Uint8Array(1 << 15);
  #used = 0;

  get size(): number {
    return this.strings.length;
  }

  // DataViews of the last two buffers interned from (a reused file buffer and the reused buffer of lines that span
  // chunks, say), picked without a branch taken only now and then, so that a switch of buffer does not meet code
  // the JIT has never seen run.
  #buffer0: Uint8Array | null = null;
  #buffer1: Uint8Array | null = null;
  readonly #views: DataView[] = [new DataView(new ArrayBuffer(0)), new DataView(new ArrayBuffer(0))];
  #arenaView: DataView = new DataView(this.#arena.buffer);

  /** The id of `buf[s, e)`. Hashes and compares four bytes at a time. */
  intern(buf: Uint8Array, s: number, e: number): number {
    let slot1 = buf === this.#buffer1 ? 1 : 0;
    if (slot1 === 0 && buf !== this.#buffer0) slot1 = this.#newView(buf);
    const view = this.#views[slot1]!;
    const len = e - s;
    const words = e - 3;
    let h = 0x811c9dc5 ^ len;
    let p = s;
    for (; p < words; p += 4) h = Math.imul(h ^ view.getInt32(p, true), 0x01000193);
    for (; p < e; p++) h = Math.imul(h ^ buf[p]!, 0x01000193);
    h ^= h >>> 15;
    const mask = this.#mask;
    const table = this.#table;
    let slot = h & mask;
    for (;;) {
      const entry = table[slot]!;
      if (entry === 0) break;
      const id = entry - 1;
      if (this.#hashes[id] === h && this.#lengths[id] === len) {
        const arena = this.#arenaView;
        let k = this.#offsets[id]!;
        let q = s;
        while (q < words && arena.getInt32(k, true) === view.getInt32(q, true)) {
          k += 4;
          q += 4;
        }
        if (q >= words) {
          while (q < e && this.#arena[k] === buf[q]) {
            k++;
            q++;
          }
          if (q === e) return id;
        }
      }
      slot = (slot + 1) & mask;
    }
    return this.#add(buf, s, e, h, slot);
  }

  #last = -1;

  /**
   * As `intern`, but first compares the bytes with those of the id this method returned last: a field that often
   * repeats from one line to the next (a client's address, its user agent) is then found without hashing.
   */
  internRepeated(buf: Uint8Array, s: number, e: number): number {
    const last = this.#last;
    if (last >= 0 && this.#lengths[last] === e - s) {
      let slot1 = buf === this.#buffer1 ? 1 : 0;
      if (slot1 === 0 && buf !== this.#buffer0) slot1 = this.#newView(buf);
      const view = this.#views[slot1]!;
      const arena = this.#arenaView;
      const words = e - 3;
      let k = this.#offsets[last]!;
      let q = s;
      while (q < words && arena.getInt32(k, true) === view.getInt32(q, true)) {
        k += 4;
        q += 4;
      }
      if (q >= words) {
        while (q < e && this.#arena[k] === buf[q]) {
          k++;
          q++;
        }
        if (q === e) return last;
      }
    }
    return (this.#last = this.intern(buf, s, e));
  }

  /** Makes a view of a new buffer (the first into slot 0, later ones into slot 1); returns its slot. */
  #newView(buf: Uint8Array): number {
    const slot = this.#buffer0 === null ? 0 : 1;
    if (slot === 0) this.#buffer0 = buf;
    else this.#buffer1 = buf;
    this.#views[slot] = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    return slot;
  }

  /** The id of a string. */
  internString(text: string): number {
    const bytes = encodeText(text);
    // The string's bytes take no view slot: the slots stay with the buffers lines come from (a file's reused
    // buffer in slot 0, the buffer of lines across chunks in slot 1), so that both tests in `intern` run on every
    // line from the start and a later switch of buffer meets code the JIT has seen run.
    const buffer0 = this.#buffer0;
    const buffer1 = this.#buffer1;
    const view0 = this.#views[0]!;
    const view1 = this.#views[1]!;
    const id = this.intern(bytes, 0, bytes.length);
    this.#buffer0 = buffer0;
    this.#buffer1 = buffer1;
    this.#views[0] = view0;
    this.#views[1] = view1;
    return id;
  }

  /**
   * The interned byte strings (id's at `arena[offsets[id], offsets[id] + lengths[id])`), copied to their exact
   * sizes, to hand to another thread.
   */
  dump(): InternerDump {
    const size = this.strings.length;
    return { size, arena: this.#arena.slice(0, this.#used), offsets: this.#offsets.slice(0, size), lengths: this.#lengths.slice(0, size) };
  }

  /** Lets go of everything but `strings` (their texts by id): for an interner that interns no more. */
  release(): void {
    this.#table = new Int32Array(0);
    this.#mask = 0;
    this.#hashes = this.#offsets = this.#lengths = new Int32Array(0);
    this.#arena = new Uint8Array(0);
    this.#arenaView = new DataView(this.#arena.buffer);
    this.#buffer0 = this.#buffer1 = null;
    this.#views[0] = this.#views[1] = new DataView(new ArrayBuffer(0));
  }

  /** The ids here of another interner's byte strings (by its id), each interned here as `intern` does. */
  internAll(from: InternerDump): Int32Array {
    const out = new Int32Array(from.size);
    // (As `internString`: the view slots stay with the buffers lines come from.)
    const buffer0 = this.#buffer0;
    const buffer1 = this.#buffer1;
    const view0 = this.#views[0]!;
    const view1 = this.#views[1]!;
    // (A Buffer view in Node: texts are decoded with Buffer's own slice.)
    const arena = asBytes(from.arena);
    for (let id = 0; id < from.size; id++) {
      const s = from.offsets[id]!;
      out[id] = this.intern(arena, s, s + from.lengths[id]!);
    }
    this.#buffer0 = buffer0;
    this.#buffer1 = buffer1;
    this.#views[0] = view0;
    this.#views[1] = view1;
    return out;
  }

  // Texts with a `\x` in them, by id: decoding is lossless but for one case, a text that really is `\xhh` (written
  // `\\xhh` in the log) and a byte outside UTF-8 (written `\xhh` back), so only such texts can come from two byte
  // strings. The second byte string gets the first one's id: one text, one id, as the records path counts them.
  // (It is not put in the table: meeting it again decodes it again, which only such contrived values pay.)
  #escapedTexts: Map<string, number> | null = null;

  #add(buf: Uint8Array, s: number, e: number, h: number, slot: number): number {
    const id = this.strings.length;
    const text = utf8TextOf(buf, s, e);
    if (text.includes('\\x')) {
      const same = (this.#escapedTexts ??= new Map()).get(text);
      if (same !== undefined) return same;
      this.#escapedTexts.set(text, id);
    }
    const len = e - s;
    if (id === this.#hashes.length) {
      this.#hashes = grow(this.#hashes);
      this.#offsets = grow(this.#offsets);
      this.#lengths = grow(this.#lengths);
    }
    if (this.#used + len > this.#arena.length) {
      const arena = new Uint8Array(Math.max(this.#arena.length * 2, this.#used + len + 4));
      arena.set(this.#arena.subarray(0, this.#used));
      this.#arena = arena;
      this.#arenaView = new DataView(arena.buffer);
    }
    this.#arena.set(buf.subarray(s, e), this.#used);
    this.#hashes[id] = h;
    this.#offsets[id] = this.#used;
    this.#lengths[id] = len;
    this.#used += len;
    this.strings.push(text);
    this.#table[slot] = id + 1;
    if ((id + 1) * 2 > this.#mask) this.#rehash();
    return id;
  }

  #rehash(): void {
    const size = (this.#mask + 1) * 2;
    const table = new Int32Array(size);
    const mask = size - 1;
    for (let id = 0; id < this.strings.length; id++) {
      let slot = this.#hashes[id]! & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = id + 1;
    }
    this.#table = table;
    this.#mask = mask;
  }
}

/** A `ByteInterner`'s byte strings as typed arrays (`ByteInterner.dump`; only the first `size` ids count). @internal */
export interface InternerDump {
  readonly size: number;
  readonly arena: Uint8Array;
  readonly offsets: Int32Array;
  readonly lengths: Int32Array;
}

/** The first slot of the pair (a, b) in an open-addressing table of mask + 1 slots (PairTable's and PairSet's hash). */
function pairSlot(a: number, b: number, mask: number): number {
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
  return (h ^ (h >>> 16)) & mask;
}

/** (a, b) id pairs → dense pair ids. @internal */
export class PairTable {
  // Small at first, like ByteInterner's tables.
  firsts: Int32Array = new Int32Array(1 << 10);
  seconds: Int32Array = new Int32Array(1 << 10);
  size = 0;
  #table: Int32Array = new Int32Array(1 << 11);
  #mask = (1 << 11) - 1;

  /** The id of the pair (a, b). */
  id(a: number, b: number): number {
    const mask = this.#mask;
    const table = this.#table;
    let slot = pairSlot(a, b, mask);
    for (;;) {
      const entry = table[slot]!;
      if (entry === 0) break;
      const id = entry - 1;
      if (this.firsts[id] === a && this.seconds[id] === b) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.size++;
    if (id === this.firsts.length) {
      this.firsts = grow(this.firsts);
      this.seconds = grow(this.seconds);
    }
    this.firsts[id] = a;
    this.seconds[id] = b;
    table[slot] = id + 1;
    if (this.size * 2 > mask) this.#rehash();
    return id;
  }

  /** Makes room at once for `count` more pairs (lists and table grown in one step instead of by doubling). */
  reserve(count: number): void {
    const need = this.size + count;
    if (need > this.firsts.length) {
      this.firsts = sized(this.firsts, need);
      this.seconds = sized(this.seconds, need);
    }
    let mask = this.#mask;
    // (`id` rehashes once `size * 2 > mask`.)
    while (need * 2 > mask) mask = mask * 2 + 1;
    if (mask !== this.#mask) this.#rehashTo(mask + 1);
  }

  #rehash(): void {
    this.#rehashTo((this.#mask + 1) * 2);
  }

  #rehashTo(size: number): void {
    const table = new Int32Array(size);
    const mask = size - 1;
    for (let id = 0; id < this.size; id++) {
      let slot = pairSlot(this.firsts[id]!, this.seconds[id]!, mask);
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = id + 1;
    }
    this.#table = table;
    this.#mask = mask;
  }
}

/**
 * A set of (a, b) pairs of ids (a ≥ 0), in one open-addressing table of typed arrays holding the pairs themselves (no
 * ids of their own: a tally of distinct pairs needs only their number per `a`): about half the memory of a
 * `PairTable`. @internal
 */
export class PairSet {
  size = 0;
  // Slot s holds a + 1 and b at 2s and 2s + 1 (a + 1 = 0: empty). Small at first, like ByteInterner's tables.
  #table: Int32Array = new Int32Array(2 << 10);
  #mask = (1 << 10) - 1;

  /** Adds the pair (a, b) (nothing when it is in the set). */
  add(a: number, b: number): void {
    const mask = this.#mask;
    const table = this.#table;
    const first = a + 1;
    let slot = pairSlot(a, b, mask);
    for (;;) {
      const x = table[2 * slot]!;
      if (x === 0) break;
      if (x === first && table[2 * slot + 1] === b) return;
      slot = (slot + 1) & mask;
    }
    table[2 * slot] = first;
    table[2 * slot + 1] = b;
    // At most three quarters full.
    if (++this.size * 4 > (mask + 1) * 3) this.#rehash();
  }

  /** Makes room at once for `count` more pairs (the table grown in one step instead of by doubling). */
  reserve(count: number): void {
    const need = this.size + count;
    let mask = this.#mask;
    while (need * 4 > (mask + 1) * 3) mask = mask * 2 + 1;
    if (mask !== this.#mask) this.#rehashTo(mask + 1);
  }

  /** Adds 1 to `counts[a]` for each pair (a, b). */
  countFirsts(counts: Int32Array): void {
    const table = this.#table;
    for (let s = 0; s < table.length; s += 2) if (table[s] !== 0) counts[table[s]! - 1]!++;
  }

  /** The pairs as two lists, firsts and seconds, in no particular order. */
  lists(): [Int32Array, Int32Array] {
    const firsts = new Int32Array(this.size);
    const seconds = new Int32Array(this.size);
    const table = this.#table;
    let n = 0;
    for (let s = 0; s < table.length; s += 2) {
      if (table[s] === 0) continue;
      firsts[n] = table[s]! - 1;
      seconds[n++] = table[s + 1]!;
    }
    return [firsts, seconds];
  }

  #rehash(): void {
    this.#rehashTo((this.#mask + 1) * 2);
  }

  #rehashTo(size: number): void {
    const old = this.#table;
    const table = new Int32Array(2 * size);
    const mask = size - 1;
    for (let s = 0; s < old.length; s += 2) {
      const first = old[s]!;
      if (first === 0) continue;
      const b = old[s + 1]!;
      let slot = pairSlot(first - 1, b, mask);
      while (table[2 * slot] !== 0) slot = (slot + 1) & mask;
      table[2 * slot] = first;
      table[2 * slot + 1] = b;
    }
    this.#table = table;
    this.#mask = mask;
  }
}

/** A typed array of `size` (at least `a`'s length) with the same start. */
function sized(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/** A typed array twice as long with the same start. @internal */
export function grow(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
