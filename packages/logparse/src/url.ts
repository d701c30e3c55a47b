// URL normalisation for statistics: one site under its `www.` name and its bare name.
import { describeValue } from './errors.js';

const WWW = /^([a-z][a-z0-9+.-]*:\/\/)?www\.(?=[^/:?#]*\.)/i;

/** `http://www.example.com/x` → `http://example.com/x` (only a leading `www.` of a host with another dot). */
export function mergeWww(url: string): string {
  if (typeof url !== 'string') throw new TypeError(`mergeWww takes a URL string; got ${describeValue(url)}`);
  return url.replace(WWW, '$1');
}
