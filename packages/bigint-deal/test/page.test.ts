import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { DEALS, createDealNumbering, dealByNumber, numberOfDeal } from '../src/index.js';
import { EDITIONS, fuzzText, onlyOurErrors, prop } from './reference.js';

/** Strings near pages: digits with signs, spaces, zeros, exponents and other bases mixed in. */
const nearPage = fc.oneof(
  fuzzText('0123456789 +-.e_xn\t\n'),
  fc.bigInt({ min: 0n, max: DEALS + 10n }).map(String),
  fc.tuple(fc.constantFrom('', ' ', '+', '-', '0', '00', '\t', '\u00a0'), fc.bigInt({ min: 1n, max: DEALS }), fc.constantFrom('', ' ', 'n', '.0', 'e0', '\n'))
    .map(([before, page, after]) => `${before}${page}${after}`),
);

describe('pages as strings', () => {
  prop([nearPage, fc.constantFrom(...EDITIONS)])(
    'any string gives a deal or one of our errors, and an accepted string is the page in canonical decimal',
    (text, edition) => {
      const deal = onlyOurErrors(() => dealByNumber(text, { edition }));
      const canonical = /^[1-9][0-9]*$/.test(text) && BigInt(text) <= DEALS;
      expect(deal !== undefined, JSON.stringify(text)).toBe(canonical);
      if (deal !== undefined) expect(String(numberOfDeal(deal, { edition }))).toBe(text);
    },
  );

  prop([fc.bigInt({ min: 1n, max: 1n << 30n }), fc.constantFrom(' ', '+', '0')])(
    'another numbering refuses the same spellings',
    (page, prefix) => {
      const small = createDealNumbering([2, 2, 2, 2]);
      const text = String(((page - 1n) % small.count) + 1n);
      expect(String(small.numberOfDeal(small.dealByNumber(text)))).toBe(text);
      expect(onlyOurErrors(() => small.dealByNumber(prefix + text))).toBeUndefined();
    },
  );
});
