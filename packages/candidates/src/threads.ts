// Threads for generatePuzzles' `workers` option: Node's worker_threads, else Web Workers (browsers, Deno), as
// @puzzles/dlx starts its search workers. No static import of a Node module, so a browser bundle never sees one: Node's
// is reached through process.getBuiltinModule (Node 20.16+). Both ends speak in structured-clone messages. Internal.

interface NodeWorker {
  postMessage(message: unknown): void;
  ref(): void;
  unref(): void;
  terminate(): Promise<number>;
  on(event: 'message', listener: (message: unknown) => void): void;
  on(event: 'error' | 'messageerror', listener: (error: Error) => void): void;
  on(event: 'exit', listener: (code: number) => void): void;
}

interface NodeWorkerThreads {
  Worker: new (url: URL) => NodeWorker;
  parentPort: { postMessage(message: unknown): void; on(event: 'message', listener: (message: unknown) => void): void } | null;
}

interface WebWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message?: string; preventDefault?: () => void }) => void) | null;
  onmessageerror: ((event: unknown) => void) | null;
}

function nodeWorkerThreads(): NodeWorkerThreads | undefined {
  const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return p?.getBuiltinModule?.('node:worker_threads') as NodeWorkerThreads | undefined;
}

/** Idle workers kept for the next run (loaded, compiled, optimized); unref'd in Node, so none keeps a process alive. */
const idle: PooledThread[] = [];
const MAX_IDLE = 64;
/** Workers started and not yet ended, idle ones included. */
let alive = 0;

/** One generating worker, in use by a run or idle in the pool. */
class PooledThread implements Thread {
  onMessage: (message: unknown) => void = () => {};
  onError: (error: Error) => void = () => {};
  alive = true;
  readonly #post: (message: unknown) => void;
  readonly #terminate: () => Promise<void>;
  readonly #ref: (on: boolean) => void;

  constructor() {
    const fail = (error: Error) => {
      this.#drop();
      this.onError(error);
    };
    const node = nodeWorkerThreads();
    if (node !== undefined) {
      const worker = new node.Worker(new URL('./generate-worker.js', import.meta.url));
      let ended = false;
      worker.on('message', (message) => this.onMessage(message));
      worker.on('error', (error) => fail(error instanceof Error ? error : new Error(String(error))));
      worker.on('messageerror', (error) => fail(error));
      worker.on('exit', (code) => {
        if (!ended) fail(new Error(`a generating worker exited unexpectedly (code ${code})`));
      });
      this.#post = (message) => worker.postMessage(message);
      this.#terminate = async () => {
        ended = true;
        await worker.terminate();
      };
      this.#ref = (on) => (on ? worker.ref() : worker.unref());
    } else {
      const Worker = (globalThis as { Worker?: new (url: URL, options: { type: 'module' }) => WebWorker }).Worker;
      if (Worker === undefined) throw new Error('the workers option needs worker threads: Node 20.16 or later, or Web Workers');
      // The literal `new Worker(new URL(…, import.meta.url), { type: 'module' })` lets bundlers find and emit the worker.
      const worker = new Worker(new URL('./generate-worker.js', import.meta.url), { type: 'module' });
      worker.onmessage = (event) => this.onMessage(event.data);
      worker.onerror = (event) => {
        event.preventDefault?.();
        fail(new Error(event.message ?? 'a generating worker failed'));
      };
      worker.onmessageerror = () => fail(new Error('a generating worker sent a message that could not be read'));
      this.#post = (message) => worker.postMessage(message);
      this.#terminate = async () => worker.terminate();
      this.#ref = () => {};
    }
    alive++;
  }

  post(message: unknown): void {
    this.#post(message);
  }

  async terminate(): Promise<void> {
    this.#drop();
    await this.#terminate();
  }

  release(): void {
    this.onMessage = () => {};
    this.onError = () => {};
    if (!this.alive) return;
    if (idle.length >= MAX_IDLE) {
      void this.terminate();
      return;
    }
    this.#ref(false);
    idle.push(this);
  }

  take(onMessage: (message: unknown) => void, onError: (error: Error) => void): this {
    this.onMessage = onMessage;
    this.onError = onError;
    this.#ref(true);
    return this;
  }

  #drop(): void {
    if (this.alive) alive--;
    this.alive = false;
    const k = idle.indexOf(this);
    if (k >= 0) idle.splice(k, 1);
  }
}

/** One worker thread, as a run sees it. @internal */
export interface Thread {
  post(message: unknown): void;
  /** Ends the thread at once (whatever it is doing); resolves when it is gone. */
  terminate(): Promise<void>;
  /** Gives an idle thread back for the next run (it must have no attempt left to answer). */
  release(): void;
}

/** A generating worker (dist/generate-worker.js next to this module): an idle one from an earlier run, or a new one. @internal */
export function startThread(onMessage: (message: unknown) => void, onError: (error: Error) => void): Thread {
  for (let thread = idle.pop(); thread !== undefined; thread = idle.pop()) {
    if (thread.alive) return thread.take(onMessage, onError);
  }
  return new PooledThread().take(onMessage, onError);
}

/** How many generating workers are running: those of runs in progress and the idle ones. @internal */
export function runningThreads(): { running: number; idle: number } {
  return { running: alive - idle.length, idle: idle.length };
}

/** Ends the idle generating workers kept for later runs (they never keep a Node process alive; this frees their memory). */
export async function endGeneratorWorkers(): Promise<void> {
  await Promise.all(idle.splice(0).map((thread) => thread.terminate()));
}

/** The receiving end, in the worker: messages from the thread that started it, and a way to answer. @internal */
export function workerPort(): { post(message: unknown): void; listen(listener: (message: unknown) => void): void } {
  const port = nodeWorkerThreads()?.parentPort;
  if (port !== undefined && port !== null) {
    return { post: (message) => port.postMessage(message), listen: (listener) => port.on('message', listener) };
  }
  const self = globalThis as unknown as { postMessage(message: unknown): void; onmessage: ((event: { data: unknown }) => void) | null };
  return {
    post: (message) => self.postMessage(message),
    listen: (listener) => {
      self.onmessage = (event) => listener(event.data);
    },
  };
}
