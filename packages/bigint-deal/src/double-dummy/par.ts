// Par: the score both sides reach when each bids as well as the double-dummy table allows, as DDS's DealerPar finds it.
//
// The rules, as DDS's DealerPar states them (our own code, written from its description and its published results):
// - For each side and strain the contract a side makes is the level its better declarer makes exactly. The side whose
//   highest making contract ranks higher has the primacy (the right to a plus score); when both sides make the same
//   contract, the side of the first player from the dealer round who makes it has the primacy. When neither side makes
//   even a one-level contract the deal is passed out.
// - The primacy side's candidates are its making contracts from its dearest one (the lowest of them when two score the
//   same, as 3NT and 5♣) up. Against each, from the highest down, the opponents' cheapest doubled sacrifice is found:
//   the lowest contract above it in each of their strains, or, in the candidate's own strain, the same level when an
//   opponent can bid it before any primacy player who makes it and one level higher otherwise.
// - The first candidate with a sacrifice that costs less than the contract is worth is where the opponents sacrifice;
//   the candidates that cannot be outbid profitably keep their score. The primacy side bids the best of those when it
//   beats the sacrifice's penalty, and otherwise doubles the sacrifice and collects it.
// - A bid contract is named at the lowest level the opponents still would not profitably outbid, but never below the
//   level that keeps its game or slam bonus, with the rest as overtricks ("2C-NS+2" for a four-club partial).
import { describeValue, optionsOf } from '../errors.js';
import type { DdSeat, DoubleDummyTable, Strain } from './table.js';

/** Who is vulnerable: nobody, North-South, East-West, or both sides. */
export type Vulnerability = 'none' | 'ns' | 'ew' | 'both';

/** The dealer and vulnerability of a par calculation. */
export interface ParOptions {
  /** The seat that deals, and so bids first. */
  dealer: DdSeat;
  /** Who is vulnerable. */
  vulnerable: Vulnerability;
}

/** The par of a deal: its score and the contracts that reach it. */
export interface Par {
  /** The par score from North-South's side (East-West's par is its negation); 0 when the deal is passed out. */
  score: number;
  /**
   * The contracts that reach the par score, in DDS's text form: `4S-NS` (made exactly, by either North or South),
   * `3N-W+2` (only West makes it, with two overtricks), `4S*-EW-1` (doubled, one down), `2N-S-1` (a sacrifice in the
   * opponents' own strain that only South can make that cheaply, written by DDS without the `*`); `pass` when passed out.
   */
  contracts: string[];
}

const SEATS: readonly DdSeat[] = ['N', 'E', 'S', 'W'];
/** Strains in bidding order: a contract's rank is 5 × (level − 1) + this index + 1 (1♣ is 1, 7NT is 35). */
const BID_ORDER: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];
/** The letter of each strain in a contract's name. */
const STRAIN_LETTER = ['C', 'D', 'H', 'S', 'N'];
const VULNERABILITIES: readonly Vulnerability[] = ['none', 'ns', 'ew', 'both'];
/** The highest rank a contract can have: 7NT. */
const TOP_RANK = 35;

/** The level (1..7) of a contract's rank. */
const levelOf = (rank: number): number => Math.floor((rank - 1) / 5) + 1;
/** The strain index (0 clubs .. 4 notrump) of a contract's rank. */
const strainOf = (rank: number): number => (rank - 1) % 5;

/** What a contract of this rank, bid and made exactly, scores undoubled. */
function contractValue(rank: number, vulnerable: boolean): number {
  const level = levelOf(rank);
  const strain = strainOf(rank);
  const points = strain === 4 ? 40 + 30 * (level - 1) : level * (strain < 2 ? 20 : 30);
  let score = points + (points >= 100 ? (vulnerable ? 500 : 300) : 50);
  if (level === 6) score += vulnerable ? 750 : 500;
  if (level === 7) score += vulnerable ? 1500 : 1000;
  return score;
}

/** What a doubled contract going `down` tricks down costs. */
function penalty(down: number, vulnerable: boolean): number {
  if (down <= 0) return 0;
  if (vulnerable) return 200 + 300 * (down - 1);
  return down === 1 ? 100 : down === 2 ? 300 : 500 + 300 * (down - 3);
}

/** The lowest rank of the same strain whose contract earns the same kind of bonus (part score, game, slam). */
function lowestWithSameBonus(rank: number): number {
  const level = levelOf(rank);
  const strain = strainOf(rank);
  if (level >= 6) return rank;
  const gameLevel = strain === 4 ? 3 : strain >= 2 ? 4 : 5;
  return level >= gameLevel ? 5 * (gameLevel - 1) + strain + 1 : strain + 1;
}

/** The name of the contract of this rank ("3N", "4S"). */
const contractName = (rank: number): string => `${levelOf(rank)}${STRAIN_LETTER[strainOf(rank)]!}`;

/** Checks a table and reads it as tricks[seat][strain] (seats N E S W, strains in bidding order). */
function readTable(table: unknown): number[][] {
  if (typeof table !== 'object' || table === null || Array.isArray(table)) {
    throw new TypeError(`table must be a double-dummy table ({ N: { C, D, H, S, NT }, E: …, S: …, W: … }); got ${describeValue(table)}`);
  }
  return SEATS.map((seat) => {
    const row = (table as Record<string, unknown>)[seat];
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new TypeError(`table.${seat} must be an object of tricks by strain ({ C, D, H, S, NT }); got ${describeValue(row)}`);
    }
    return BID_ORDER.map((strain) => {
      const tricks = (row as Record<string, unknown>)[strain];
      if (typeof tricks !== 'number') {
        throw new TypeError(`table.${seat}.${strain} must be a number of tricks from 0 to 13; got ${describeValue(tricks)}`);
      }
      if (!Number.isInteger(tricks) || tricks < 0 || tricks > 13) {
        throw new RangeError(`table.${seat}.${strain} must be a whole number of tricks from 0 to 13; got ${describeValue(tricks)}`);
      }
      return tricks;
    });
  });
}

/** What one side can do in each strain. */
interface SideView {
  /** Whether the side is vulnerable. */
  vulnerable: boolean;
  /** The better of its two declarers' tricks, by strain. */
  tricks: number[];
  /** The rank of the contract it makes exactly, by strain (0 or less when it makes no contract there). */
  rank: number[];
}

/**
 * The par of a deal from its double-dummy table, for a dealer and vulnerability, by the rules of DDS's DealerPar:
 * the score from North-South's side and the contracts that reach it, in DDS's text form.
 */
export function par(table: DoubleDummyTable, options: ParOptions): Par {
  const tricks = readTable(table);
  const { dealer, vulnerable } = optionsOf(options, 'par');
  const first = SEATS.indexOf(dealer as DdSeat);
  if (first < 0) throw new RangeError(`dealer must be one of N, E, S, W; got ${describeValue(dealer)}`);
  if (!VULNERABILITIES.includes(vulnerable as Vulnerability)) {
    throw new RangeError(`vulnerable must be one of 'none', 'ns', 'ew', 'both'; got ${describeValue(vulnerable)}`);
  }
  /** The seats in bidding order, from the dealer round. */
  const round = [0, 1, 2, 3].map((k) => (first + k) % 4);
  const sides: SideView[] = [0, 1].map((side) => {
    const best = BID_ORDER.map((_, strain) => Math.max(tricks[side]![strain]!, tricks[side + 2]![strain]!));
    return {
      vulnerable: vulnerable === 'both' || vulnerable === (side === 0 ? 'ns' : 'ew'),
      tricks: best,
      rank: best.map((count, strain) => 5 * (count - 7) + strain + 1),
    };
  });
  const highest = sides.map((view) => Math.max(0, ...view.rank));

  // The side entitled to a plus score: the one that makes the higher contract, or bids the same contract first.
  let primacy: number;
  if (highest[0]! !== highest[1]!) primacy = highest[0]! > highest[1]! ? 0 : 1;
  else if (highest[0] === 0) return { score: 0, contracts: ['pass'] };
  else {
    const strain = strainOf(highest[0]!);
    const seat = round.find((s) => tricks[s]![strain] === sides[0]!.tricks[strain])!;
    primacy = seat % 2;
  }
  const us = sides[primacy]!;
  const them = sides[1 - primacy]!;
  const sign = primacy === 0 ? 1 : -1;

  /** Text for a contract of a side: the declarers who make the most tricks in its strain, then over- or undertricks. */
  const describe = (side: number, rank: number, delta: number): string => {
    const strain = strainOf(rank);
    const most = sides[side]!.tricks[strain]!;
    const who = [side, side + 2].filter((seat) => tricks[seat]![strain] === most).map((seat) => SEATS[seat]).join('');
    return `${contractName(rank)}${delta < 0 ? '*' : ''}-${who}${delta > 0 ? `+${delta}` : delta < 0 ? `${delta}` : ''}`;
  };

  /**
   * The opponents' sacrifices in the candidate's own strain: for each opponent, in bidding order, how many down and at
   * what rank (the same level before any primacy player who makes the contract has bid, one level higher after).
   */
  const sameStrainSacrifices = (rank: number): { seat: number; down: number; rank: number }[] => {
    const strain = strainOf(rank);
    const needed = levelOf(rank) + 6;
    const found: { seat: number; down: number; rank: number }[] = [];
    let outbid = 0;
    for (const seat of round) {
      if (seat % 2 === primacy) {
        if (tricks[seat]![strain] === needed) outbid = 1;
      } else {
        found.push({ seat, down: Math.max(0, needed - tricks[seat]![strain]! + outbid), rank: rank + 5 * outbid });
      }
    }
    return found;
  };

  /** The undertricks of the opponents' cheapest sacrifice in each of their strains against a contract (∞: none). */
  const sacrificeCosts = (rank: number): number[] =>
    BID_ORDER.map((_, strain) => {
      const down =
        strain === strainOf(rank)
          ? Math.min(...sameStrainSacrifices(rank).map((s) => s.down))
          : Math.max(0, Math.ceil((rank - them.rank[strain]!) / 5));
      return them.rank[strain]! + 5 * down > TOP_RANK ? Infinity : down;
    });

  // The primacy side's candidates, highest first: its making contracts from its dearest one up.
  const values = us.rank.map((rank) => (rank > 0 ? contractValue(rank, us.vulnerable) : 0));
  const dearest = Math.max(...values);
  const cheapestDearest = Math.min(...us.rank.filter((_, strain) => values[strain] === dearest));
  const candidates = us.rank.filter((rank) => rank >= cheapestDearest).sort((a, b) => b - a);

  let sacrificed: { rank: number; costs: number[]; down: number } | undefined;
  const bids: { rank: number; value: number; margin: number }[] = [];
  for (const rank of candidates) {
    const value = contractValue(rank, us.vulnerable);
    // The most undertricks a doubled sacrifice can go and still cost less than the contract is worth.
    let affordable = 0;
    while (penalty(affordable + 1, them.vulnerable) < value) affordable++;
    const costs = sacrificeCosts(rank);
    const down = Math.min(...costs);
    if (down <= affordable) {
      // The opponents sacrifice against the highest such contract; lower ones change nothing.
      sacrificed ??= { rank, costs, down };
    } else {
      bids.push({ rank, value, margin: down - affordable });
    }
  }

  const bestBid = Math.max(0, ...bids.map((bid) => bid.value));
  if (sacrificed === undefined || bestBid > penalty(sacrificed.down, them.vulnerable)) {
    const contracts = bids
      .filter((bid) => bid.value === bestBid)
      .map((bid) => {
        // Name it as low as the opponents would still not outbid it profitably, keeping its bonus.
        const lower = bid.margin <= 1 ? 0 : bid.margin - 1;
        const named = Math.max(bid.rank - 5 * lower, lowestWithSameBonus(bid.rank));
        return describe(primacy, named, (bid.rank - named) / 5);
      });
    return { score: sign * bestBid, contracts };
  }

  // The primacy side doubles the opponents' cheapest sacrifices and collects the penalty.
  const { rank, costs, down } = sacrificed;
  const contracts: string[] = [];
  BID_ORDER.forEach((_, strain) => {
    if (costs[strain] !== down) return;
    if (strain !== strainOf(rank)) {
      contracts.push(describe(1 - primacy, them.rank[strain]! + 5 * down, -down));
      return;
    }
    const hits = sameStrainSacrifices(rank).filter((s) => s.down === down);
    if (hits.length === 2 && hits[0]!.rank === hits[1]!.rank) {
      contracts.push(describe(1 - primacy, hits[0]!.rank, -down));
    } else {
      // One opponent, or the one who sacrifices lower: DDS names the seat and writes no `*` here (`2N-S-1`).
      const lowest = hits.reduce((a, b) => (b.rank < a.rank ? b : a));
      contracts.push(`${contractName(lowest.rank)}-${SEATS[lowest.seat]!}-${down}`);
    }
  });
  return { score: sign * penalty(down, them.vulnerable), contracts };
}
