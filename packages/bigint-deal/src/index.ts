export { binomial } from './numbering/binomial.js';
export { squashedRank, squashedUnrank } from './numbering/squashed.js';
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
} from './numbering/cards.js';
export { Deal, parseDeal } from './numbering/deal.js';
export { bridgeHands, dealFromHands } from './numbering/hands.js';
export {
  createDealNumbering,
  type DealInput,
  type DealNumbering,
  type Edition,
  type NumberingOptions,
  type PageInput,
} from './numbering/numbering.js';
export {
  DEALS,
  bridgeNumbering,
  dealByNumber,
  joinIndex,
  numberOfDeal,
  splitIndex,
  type EditionOptions,
} from './numbering/bridge.js';
export { formatPbn, parsePbn } from './numbering/pbn.js';
export { formatDiagram, type DiagramOptions } from './numbering/diagram.js';
export { randomDeal, type RandomDealOptions } from './conditions/random.js';
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
} from './conditions/evaluate.js';
export { hasShape, shapeOf, type ShapePattern } from './conditions/shape.js';
export {
  createMatcher,
  matches,
  type Constraint,
  type Predeal,
  type Range,
  type SeatConstraint,
} from './conditions/constraint.js';
export { countDeals, dealProbability, whyNotCountable, type Probability } from './conditions/count.js';
export { sampleDeals, streamDeals, type SampleOptions, type SampleResult, type SampledDeal } from './conditions/sample.js';
export { compileCondition, type CompiledCondition } from './conditions/expression.js';
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
} from './conditions/script.js';
