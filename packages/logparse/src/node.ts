// @puzzles/logparse/node: everything of the core, plus what needs Node (SVG rendering through @viz-js/viz).
export * from './index.js';
export { renderSvg } from './svg.js';
