// Base64 to bytes for the embedded WebAssembly modules, without Buffer (browsers) and without atob where it is missing.

/** Decodes base64 text (the standard alphabet, padding optional) into bytes. @internal */
export function decodeBase64(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const value = new Int8Array(128).fill(-1);
  for (let k = 0; k < 64; k++) value[alphabet.charCodeAt(k)] = k;
  let end = text.length;
  while (end > 0 && text[end - 1] === '=') end--;
  const out = new Uint8Array((end * 3) >> 2);
  let bits = 0;
  let count = 0;
  let o = 0;
  for (let k = 0; k < end; k++) {
    bits = (bits << 6) | value[text.charCodeAt(k) & 127]!;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[o++] = (bits >> count) & 255;
    }
  }
  return out;
}
