// SVG from DOT text through Graphviz compiled to WebAssembly: @viz-js/viz, an optional peer dependency loaded on
// first use, so that installs and bundles that never draw SVG do without its 5 MB.
import { describeValue } from './errors.js';

/** The code of the error `renderSvg` throws when @viz-js/viz is not installed. */
export const NO_VIZ = 'ERR_LOGPARSE_NO_VIZ';

/** Renders DOT text to SVG with Graphviz compiled to WebAssembly (the optional package @viz-js/viz, loaded on first use). */
export async function renderSvg(dot: string): Promise<string> {
  if (typeof dot !== 'string') throw new TypeError(`renderSvg takes DOT text; got ${describeValue(dot)}`);
  let viz: typeof import('@viz-js/viz');
  try {
    viz = await import('@viz-js/viz');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      const missing = new Error('renderSvg needs the optional package @viz-js/viz, which is not installed (npm install @viz-js/viz)', { cause: error });
      throw Object.assign(missing, { code: NO_VIZ });
    }
    throw error;
  }
  // A fresh instance per call: a reused @viz-js/viz 3.31 instance can trap on a label of only '\n' after an earlier render.
  const instance = await viz.instance();
  const result = instance.render(dot, { format: 'svg' });
  if (result.status !== 'success') {
    const messages = result.errors.map((e) => e.message.trim()).join('; ');
    throw new RangeError(`Graphviz could not render the graph: ${messages || 'unknown error'}`);
  }
  return result.output;
}
