export { binomial } from './binomial.js';
export { squashedRank, squashedUnrank } from './squashed.js';
export { Deal, parseDeal } from './deal.js';
export {
  createDealNumbering,
  type DealInput,
  type DealNumbering,
  type Edition,
  type NumberingOptions,
  type PageInput,
} from './numbering.js';
export {
  BRIDGE_HANDS,
  DEALS,
  RANKS,
  SEATS,
  SUITS,
  SUIT_SYMBOLS,
  bridgeHands,
  bridgeNumbering,
  cardName,
  dealByNumber,
  dealFromHands,
  joinIndex,
  numberOfDeal,
  splitIndex,
  type BridgeHand,
  type BridgeHands,
  type EditionOptions,
  type Seat,
  type Suit,
} from './bridge.js';
export { formatPbn, parsePbn } from './pbn.js';
export { formatDiagram, type DiagramOptions } from './diagram.js';
export { randomDeal, type RandomDealOptions } from './random.js';
