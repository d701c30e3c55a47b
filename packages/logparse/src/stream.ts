// The record stream behind parseLog: lines are parsed a piece of a chunk at a time into a small batch of records,
// handed out one by one by a hand-written async iterator.
import { LogLineError } from './errors.js';
import { LineSplitter } from './lines.js';
import { RecordBuilder, finalReason, overlongReason, readParseOptions, rejectText, type LogRecord, type LogReject, type ParseOptions, type ParseSummary } from './record.js';

/** Bytes of a chunk handed to the line splitter at a time, so a batch of records stays small whatever the chunks. */
const PIECE = 1 << 16;

/**
 * The iterator behind `parseLog`: lines are parsed a piece of a chunk at a time into a small batch of records, which
 * `next()` hands out one by one without going through an async generator per record; the next piece is read only
 * when the batch is used up (back-pressure), and nothing of a chunk is kept once it is parsed.
 */
export class RecordStream implements AsyncGenerator<LogRecord, ParseSummary, undefined> {
  readonly #open: () => AsyncGenerator<Uint8Array>;
  readonly #options: ParseOptions | undefined;
  readonly #summary: ParseSummary = { read: 0, parsed: 0, rejected: 0, truncated: 0, rejects: [] };
  #batch: LogRecord[] = [];
  #index = 0;
  #chunks: AsyncGenerator<Uint8Array> | null = null;
  #chunk: Uint8Array | null = null;
  #chunkPos = 0;
  #splitter: LineSplitter | null = null;
  #builder: RecordBuilder | null = null;
  #ended = false;
  #finished = false;
  #busy: Promise<unknown> | null = null;
  // In strict mode the first reject stops the parse; records before it are still handed out.
  #failure: LogLineError | null = null;

  // A platform's fast check that bytes are valid UTF-8 (Node's buffer.isUtf8), and the piece being split when it
  // passed: lines inside it need no check per field (lines carried over from the piece before are checked).
  readonly #isUtf8: ((bytes: Uint8Array) => boolean) | undefined;
  #utf8Piece: Uint8Array | null = null;

  /**
   * `open` makes the chunks of the source when iteration starts (and only then, like a generator); `isUtf8`, where
   * the platform has a fast one, lets whole pieces of input be checked for invalid UTF-8 at once.
   */
  constructor(open: () => AsyncGenerator<Uint8Array>, options: ParseOptions | undefined, isUtf8?: (bytes: Uint8Array) => boolean) {
    this.#open = open;
    this.#options = options;
    this.#isUtf8 = isUtf8;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<LogRecord, ParseSummary>> {
    if (this.#busy !== null) return this.#busy.then(() => this.next());
    if (this.#index < this.#batch.length) return Promise.resolve({ value: this.#batch[this.#index++]!, done: false });
    if (this.#finished) return Promise.resolve({ value: undefined as unknown as ParseSummary, done: true });
    const pulled = this.#pull();
    const settle = (): void => {
      this.#busy = null;
    };
    this.#busy = pulled.then(settle, settle);
    return pulled;
  }

  async return(value?: ParseSummary | PromiseLike<ParseSummary>): Promise<IteratorResult<LogRecord, ParseSummary>> {
    while (this.#busy !== null) await this.#busy;
    await this.#finish();
    return { value: (await value) as ParseSummary, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<LogRecord, ParseSummary>> {
    while (this.#busy !== null) await this.#busy;
    await this.#finish();
    throw error;
  }

  async #finish(): Promise<void> {
    this.#finished = true;
    this.#batch = [];
    this.#index = 0;
    this.#chunk = null;
    const chunks = this.#chunks;
    this.#chunks = null;
    if (chunks !== null) await chunks.return(undefined);
  }

  #start(): void {
    const { format, strict, maxLineLength, onReject, raw } = readParseOptions(this.#options, 'parseLog');
    const builder = new RecordBuilder(format, raw);
    const scanner = builder.scanner;
    const summary = this.#summary;
    const reject = (line: number, reason: string, text: string): void => {
      if (strict) {
        this.#failure = new LogLineError(line, reason);
        return;
      }
      summary.rejected++;
      const r: LogReject = { line, reason, text };
      if (summary.rejects.length < 10) summary.rejects.push(r);
      onReject?.(r);
    };
    this.#builder = builder;
    this.#splitter = new LineSplitter(
      maxLineLength,
      (buf, s, e, line, final) => {
        if (this.#failure !== null) return;
        summary.read++;
        builder.validUtf8 = buf === this.#utf8Piece;
        if (scanner.scan(buf, s, e)) {
          summary.parsed++;
          if (scanner.truncated) summary.truncated++;
          this.#batch.push(builder.record(buf, line));
        } else {
          const reason = scanner.reason(buf, s, e);
          reject(line, final ? finalReason(reason) : reason, rejectText(buf, s, e));
        }
      },
      (line, _length, head) => {
        if (this.#failure !== null) return;
        summary.read++;
        reject(line, overlongReason(maxLineLength), rejectText(head, 0, head.length));
      },
    );
    this.#chunks = this.#open();
  }

  /** Parses pieces of input until there are records to hand out, a strict-mode failure, or the end. */
  async #pull(): Promise<IteratorResult<LogRecord, ParseSummary>> {
    try {
      if (this.#splitter === null) this.#start();
      const splitter = this.#splitter!;
      this.#batch = [];
      this.#index = 0;
      while (this.#batch.length === 0 && this.#failure === null && !this.#ended) {
        const chunk = this.#chunk;
        if (chunk !== null) {
          const from = this.#chunkPos;
          const to = chunk.length - from <= PIECE * 1.5 ? chunk.length : from + PIECE;
          this.#builder!.newChunk();
          const piece = from === 0 && to === chunk.length ? chunk : chunk.subarray(from, to);
          this.#utf8Piece = this.#isUtf8 !== undefined && this.#isUtf8(piece) ? piece : null;
          splitter.push(piece);
          this.#chunkPos = to;
          if (to === chunk.length) this.#chunk = null;
          continue;
        }
        const next = await this.#chunks!.next();
        if (next.done) {
          this.#builder!.newChunk();
          splitter.end();
          this.#ended = true;
        } else {
          this.#chunk = next.value;
          this.#chunkPos = 0;
        }
      }
    } catch (error) {
      await this.#finish();
      throw error;
    }
    if (this.#index < this.#batch.length) return { value: this.#batch[this.#index++]!, done: false };
    await this.#finish();
    if (this.#failure !== null) throw this.#failure;
    return { value: this.#summary, done: true };
  }
}
