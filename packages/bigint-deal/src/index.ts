export { binomial } from './binomial.js';
export { squashedRank, squashedUnrank } from './squashed.js';
export {
  BRIDGE_HANDS,
  RANKS,
  SEATS,
  SUITS,
  SUIT_SYMBOLS,
  cardName,
  type BridgeHand,
  type BridgeHands,
  type Seat,
  type Suit,
} from './cards.js';
export { Deal, parseDeal } from './deal.js';
export { bridgeHands, dealFromHands } from './hands.js';
export {
  createDealNumbering,
  type DealInput,
  type DealNumbering,
  type Edition,
  type NumberingOptions,
  type PageInput,
} from './numbering.js';
export {
  DEALS,
  bridgeNumbering,
  dealByNumber,
  joinIndex,
  numberOfDeal,
  splitIndex,
  type EditionOptions,
} from './bridge.js';
export { formatPbn, parsePbn } from './pbn.js';
export { formatDiagram, type DiagramOptions } from './diagram.js';
export { randomDeal, type RandomDealOptions } from './random.js';
export {
  controls,
  createPointCount,
  hcp,
  losers,
  quickTricks,
  suitLength,
  suitLengths,
  topHonors,
  type HandInput,
  type SeatName,
} from './evaluate.js';
export { hasShape, shapeOf, type ShapePattern } from './shape.js';
export {
  createMatcher,
  matches,
  type Constraint,
  type Predeal,
  type Range,
  type SeatConstraint,
} from './constraint.js';
export { countDeals, dealProbability, whyNotCountable, type Probability } from './count.js';
export { sampleDeals, streamDeals, type SampleOptions, type SampleResult, type SampledDeal } from './sample.js';
export { compileCondition, type CompiledCondition } from './expression.js';
export {
  formatScriptAction,
  formatScriptDeal,
  formatScriptPages,
  formatScriptReport,
  parseDealerScript,
  runDealerScript,
  type DealerScript,
  type ScriptAction,
  type ScriptPrint,
  type ScriptReport,
  type ScriptRunOptions,
} from './script.js';
