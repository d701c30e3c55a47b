// User agents for the report panels: operating-system and browser families from bowser (MIT, a user-agent parser
// kept up to date by its maintainers), crawlers as their own class. Classifying runs dozens of regular expressions,
// so the panels classify each distinct agent once (see panelscan.ts and panels.ts).
import Bowser from 'bowser';
import { describeValue } from './errors.js';

/** The families of one user agent as the operating-system and browser panels count them. */
export interface AgentClass {
  /** `Windows`, `macOS`, `Linux`, `Android`, `iOS`, `Chrome OS`… (bowser's names), `Crawlers`, `Unknown`. */
  readonly os: string;
  /** `Chrome`, `Firefox`, `Safari`, `Microsoft Edge`, `Internet Explorer`… (bowser's names), `Crawlers`, `Others`, `Unknown`. */
  readonly browser: string;
  /** True for robots, spiders, crawlers and scripted clients (counted in the `Crawlers` class of both panels). */
  readonly crawler: boolean;
}

/**
 * Robots bowser does not know as such (it knows the big search engines' and AI crawlers): the words robots put in
 * their agents, and the usual HTTP libraries and command-line clients.
 */
const CRAWLER = /bot\b|bot\/|bot[-_.]|crawl|spider|slurp|archiver|curl\/|wget\/|python-|libwww|java\/|go-http-client|httpclient|http_request|feedfetcher|facebookexternalhit|headless|lwp::/i;

// The names bowser gives to the browsers and systems it knows; any other name is its guess from the agent's first
// word (`UniversalFeedParser`, `Mozilla`), counted as `Others` so that the panel lists families, not agents.
// (Made on first use: nothing runs at load time, so bundles that do not classify agents leave bowser out.)
let BROWSERS: ReadonlySet<string> | null = null;
let SYSTEMS: ReadonlySet<string> | null = null;

function known(): [ReadonlySet<string>, ReadonlySet<string>] {
  const maps = Bowser as unknown as { BROWSER_MAP?: Record<string, string>; OS_MAP?: Record<string, string> };
  BROWSERS ??= new Set(Object.values(maps.BROWSER_MAP ?? {}));
  SYSTEMS ??= new Set(Object.values(maps.OS_MAP ?? {}));
  return [BROWSERS, SYSTEMS];
}

const UNKNOWN: AgentClass = { os: 'Unknown', browser: 'Unknown', crawler: false };
const CRAWLERS: AgentClass = { os: 'Crawlers', browser: 'Crawlers', crawler: true };

/** Classifies a user agent (null or empty → `Unknown`); crawlers are `Crawlers` in both families. */
export function classifyAgent(userAgent: string | null): AgentClass {
  if (userAgent === null || userAgent === '' || userAgent === '-') return UNKNOWN;
  if (typeof userAgent !== 'string') throw new TypeError(`classifyAgent takes a user agent string or null; got ${describeValue(userAgent)}`);
  if (CRAWLER.test(userAgent)) return CRAWLERS;
  // Parsed lazily (true: skip the eager parse), so that only the platform, system and browser are looked for.
  const parser = Bowser.getParser(userAgent, true);
  if (parser.getPlatformType() === 'bot') return CRAWLERS;
  const os = parser.getOSName();
  const browser = parser.getBrowserName();
  const [browsers, systems] = known();
  return {
    os: os !== '' && systems.has(os) ? os : 'Unknown',
    browser: browser === '' ? 'Unknown' : browsers.has(browser) ? browser : 'Others',
    crawler: false,
  };
}

// Classes of the agents classified so far (a log repeats few agents, and classifying runs dozens of regular
// expressions), and those a state file brought along (`rememberAgentClass`), so that an incremental run classifies
// only agents it has not met before. Bounded: past the limit it starts again (classifying is pure, so a forgotten
// agent is only classified once more).
const CLASSES = new Map<string, AgentClass>();
const MAX_CLASSES = 20000;

/** `classifyAgent` through the cache of agents already classified. @internal */
export function agentClass(userAgent: string | null): AgentClass {
  if (userAgent === null) return UNKNOWN;
  let cls = CLASSES.get(userAgent);
  if (cls === undefined) {
    cls = classifyAgent(userAgent);
    if (CLASSES.size >= MAX_CLASSES) CLASSES.clear();
    CLASSES.set(userAgent, cls);
  }
  return cls;
}

/** The cached class of an agent, if it has one. @internal */
export function knownAgentClass(userAgent: string): AgentClass | undefined {
  return CLASSES.get(userAgent);
}

/** Puts an agent's class into the cache (from a state file that kept it). @internal */
export function rememberAgentClass(userAgent: string, cls: AgentClass): void {
  if (CLASSES.size >= MAX_CLASSES) CLASSES.clear();
  CLASSES.set(userAgent, cls);
}
