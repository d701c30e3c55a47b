import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64 } from '../src/base64.js';

describe('decodeBase64', () => {
  it('reads what Buffer writes, with and without padding', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64');
        expect(decodeBase64(text)).toEqual(new Uint8Array(bytes));
        expect(decodeBase64(text.replace(/=+$/, ''))).toEqual(new Uint8Array(bytes));
      }),
    );
  });

  it('refuses a character outside the alphabet, naming it', () => {
    expect(() => decodeBase64('AB*D')).toThrow(/not base64: "\*" at 2/);
    expect(() => decodeBase64('ABé=')).toThrow(RangeError);
  });
});
