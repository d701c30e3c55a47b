// The pack-check consumer (scripts/pack-check.mjs): compiled as consumer.mts and consumer.cts under module nodenext
// against the installed tarball, then run with node. It uses the public API the way a user would, with its types,
// and throws if anything is wrong. No top-level await and no import.meta: it must also compile as CommonJS.
import {
  DEALS,
  createDealNumbering,
  dealByNumber,
  dealFromHands,
  formatDiagram,
  formatPbn,
  numberOfDeal,
  parseDeal,
  parsePbn,
  randomDeal,
  type BridgeHands,
  type Deal,
  type DealNumbering,
  type Edition,
  type PageInput,
} from '@puzzles/bigint-deal';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`@puzzles/bigint-deal consumer: ${what}`);
}

const PAGE_1 = 'NNNNNNNNNNNNNEEEEEEEEEEEEESSSSSSSSSSSSSWWWWWWWWWWWWW';
const PAGE_D = 'WWWWWWWWWWWWWSSSSSSSSSSSSSEEEEEEEEEEEEENNNNNNNNNNNNN';
const PBN_1 = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';

const last: bigint = DEALS;
check(last === 53_644_737_765_488_792_839_237_440_000n, `DEALS is ${last}`);

const editions: Edition[] = ['andrews', 'pavlicek'];
for (const edition of editions) {
  const first: Deal = dealByNumber(1, { edition });
  check(first.toString() === PAGE_1, `page 1 (${edition}) is ${first.toString()}`);
  const pageD: Deal = dealByNumber(DEALS, { edition });
  check(pageD.toString() === PAGE_D, `page D (${edition}) is ${pageD.toString()}`);
  check(numberOfDeal(pageD, { edition }) === DEALS, `page D (${edition}) does not round-trip`);
  const pages: PageInput[] = [12345678901234567890123456789n, 42, '9007199254740993'];
  for (const page of pages) {
    const deal = dealByNumber(page, { edition });
    check(numberOfDeal(deal.toString(), { edition }) === BigInt(page), `page ${page} (${edition}) does not round-trip`);
  }
}

const deal = parsePbn(PBN_1);
check(deal.toString() === PAGE_1, 'parsePbn of page 1');
check(formatPbn(deal) === PBN_1 && deal.toPbn('N') === PBN_1, 'formatPbn of page 1');
check(numberOfDeal(PBN_1) === 1n, 'numberOfDeal of a PBN deal');
const hands: BridgeHands = deal.hands;
check(hands.N.spades === 'AKQJT98765432' && hands.W.clubs === 'AKQJT98765432', 'hands of page 1');
check(dealFromHands(hands).equals(deal), 'dealFromHands of page 1');
check(parseDeal(PAGE_1).equals(deal), 'parseDeal of page 1');
check(formatDiagram(deal, { ascii: true }).includes('S AKQJT98765432'), 'formatDiagram of page 1');

const skat: DealNumbering = createDealNumbering([10, 10, 10, 2], { edition: 'pavlicek' });
check(skat.count === 2_753_294_408_504_640n, `Skat has ${skat.count} deals`);
const { page, deal: dealt } = randomDeal({ numbering: skat, seed: 'consumer' });
check(skat.numberOfDeal(dealt) === page, 'a random Skat deal does not round-trip');
const seeded = randomDeal({ seed: 2026 });
check(seeded.page === randomDeal({ seed: 2026 }).page, 'a seeded deal is not reproducible');

let refused = false;
try {
  dealByNumber(0);
} catch (error) {
  refused = error instanceof RangeError;
}
check(refused, 'page 0 was not refused with a RangeError');

console.log('consumer: ok');
