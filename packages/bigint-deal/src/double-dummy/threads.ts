// Threads for doubleDummyTables: Node's worker_threads, else Web Workers (browsers). No static import of a Node module,
// so a browser bundle never sees one: Node's is reached through process.getBuiltinModule (Node 20.16+).

interface NodeWorker {
  postMessage(message: unknown): void;
  terminate(): Promise<number>;
  on(event: 'message', listener: (message: unknown) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
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
}

function nodeWorkerThreads(): NodeWorkerThreads | undefined {
  const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return p?.getBuiltinModule?.('node:worker_threads') as NodeWorkerThreads | undefined;
}

/** One worker thread. @internal */
export interface Thread {
  post(message: unknown): void;
  terminate(): void;
}

/** Starts a double-dummy worker (dist/dd-worker.js beside this module). @internal */
export function startThread(onMessage: (message: unknown) => void, onError: (error: Error) => void): Thread {
  const node = nodeWorkerThreads();
  if (node !== undefined) {
    const worker = new node.Worker(new URL('./dd-worker.js', import.meta.url));
    let ended = false;
    worker.on('message', onMessage);
    worker.on('error', (error) => onError(error instanceof Error ? error : new Error(String(error))));
    worker.on('exit', (code) => {
      if (!ended) onError(new Error(`a double-dummy worker exited unexpectedly (code ${code})`));
    });
    return {
      post: (message) => worker.postMessage(message),
      terminate: () => {
        ended = true;
        void worker.terminate();
      },
    };
  }
  const Worker = (globalThis as { Worker?: new (url: URL, options: { type: 'module' }) => WebWorker }).Worker;
  if (Worker === undefined) throw new Error('the workers option needs worker threads: Node 20.16 or later, or Web Workers');
  // The literal `new Worker(new URL(…, import.meta.url), { type: 'module' })` lets bundlers find and emit the worker.
  const worker = new Worker(new URL('./dd-worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (event) => onMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault?.();
    onError(new Error(event.message ?? 'a double-dummy worker failed'));
  };
  return { post: (message) => worker.postMessage(message), terminate: () => worker.terminate() };
}

/** The receiving end, in the worker. @internal */
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
