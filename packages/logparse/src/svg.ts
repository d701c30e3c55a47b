// SVG from DOT text through Graphviz compiled to WebAssembly: @viz-js/viz, an optional peer dependency loaded on
// first use, so that installs and bundles that never draw SVG do without its 5 MB.
import { describeValue } from './errors.js';

/** The code of the error `renderSvg` throws when @viz-js/viz is not installed. */
export const NO_VIZ = 'ERR_LOGPARSE_NO_VIZ';

type Viz = typeof import('@viz-js/viz');
type VizInstance = Awaited<ReturnType<Viz['instance']>>;

/** The package, loaded once; a missing package is an error with the code NO_VIZ. */
let loading: Promise<Viz> | undefined;

function loadViz(): Promise<Viz> {
  loading ??= import('@viz-js/viz').catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      const missing = new Error('renderSvg needs the optional package @viz-js/viz, which is not installed (npm install @viz-js/viz)', { cause: error });
      throw Object.assign(missing, { code: NO_VIZ });
    }
    throw error;
  });
  return loading;
}

/** A fresh instance made ahead of the next render by prepareSvg (each instance renders once: see renderSvg). */
let prepared: Promise<VizInstance> | null = null;

/**
 * Starts loading @viz-js/viz and compiling a Graphviz instance for the next `renderSvg`, while the caller does other
 * work (the CLI counts the log meanwhile). A missing package is reported by that `renderSvg`. @internal
 */
export function prepareSvg(): void {
  if (prepared !== null) return;
  prepared = loadViz().then((viz) => viz.instance());
  prepared.catch(() => {}); // seen by renderSvg
}

/** Renders DOT text to SVG with Graphviz compiled to WebAssembly (the optional package @viz-js/viz, loaded on first use). */
export async function renderSvg(dot: string): Promise<string> {
  if (typeof dot !== 'string') throw new TypeError(`renderSvg takes DOT text; got ${describeValue(dot)}`);
  // A fresh instance per call: a reused @viz-js/viz 3.31 instance can trap on a label of only '\n' after an earlier render.
  const ahead = prepared;
  prepared = null;
  const instance = await (ahead ?? loadViz().then((viz) => viz.instance()));
  const result = instance.render(dot, { format: 'svg' });
  if (result.status !== 'success') {
    const messages = result.errors.map((e) => e.message.trim()).join('; ');
    throw new RangeError(`Graphviz could not render the graph: ${messages || 'unknown error'}`);
  }
  return result.output;
}
