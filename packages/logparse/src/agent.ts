// A small user-agent classifier for the report panels: operating system and browser families, crawlers as their own
// class. Rules are checked in order; the first that matches names the family.

/** The families of one user agent as the operating-system and browser panels count them. */
export interface AgentClass {
  /** `Windows`, `macOS`, `Android`, `iOS`, `Linux`, `Crawlers`, `Unknown`… */
  readonly os: string;
  /** `Chrome`, `Firefox`, `Safari`, `Edge`, `Crawlers`, `Unknown`… */
  readonly browser: string;
  /** True for robots, spiders and crawlers (counted in the `Crawlers` class of both panels). */
  readonly crawler: boolean;
}

const CRAWLER = /bot\b|bot\/|crawl|spider|slurp|archiver|curl\/|wget\/|python-|libwww|java\/|go-http-client|httpclient|feedfetcher|facebookexternalhit|headless/i;

const OS: ReadonlyArray<readonly [RegExp, string]> = [
  [/windows phone/i, 'Windows Phone'],
  [/windows|win32|win64/i, 'Windows'],
  [/iphone|ipad|ipod|\bios\b/i, 'iOS'],
  [/android/i, 'Android'],
  [/cros/i, 'Chrome OS'],
  [/mac os x|macintosh|darwin/i, 'macOS'],
  [/linux|x11|ubuntu|debian|fedora/i, 'Linux'],
  [/freebsd|openbsd|netbsd|sunos|solaris/i, 'Unix-like'],
];

const BROWSER: ReadonlyArray<readonly [RegExp, string]> = [
  [/edg(e|a|ios)?\//i, 'Edge'],
  [/opr\/|opera/i, 'Opera'],
  [/msie |trident\//i, 'MSIE'],
  [/firefox\/|fxios\//i, 'Firefox'],
  [/chrome\/|crios\/|chromium\//i, 'Chrome'],
  [/safari\//i, 'Safari'],
  [/mozilla\//i, 'Others'],
];

const UNKNOWN: AgentClass = { os: 'Unknown', browser: 'Unknown', crawler: false };
const CRAWLERS: AgentClass = { os: 'Crawlers', browser: 'Crawlers', crawler: true };

/** Classifies a user agent (null or empty → `Unknown`); crawlers are `Crawlers` in both families. */
export function classifyAgent(userAgent: string | null): AgentClass {
  if (userAgent === null || userAgent === '' || userAgent === '-') return UNKNOWN;
  if (CRAWLER.test(userAgent)) return CRAWLERS;
  let os = 'Unknown';
  for (const [re, name] of OS) if (re.test(userAgent)) { os = name; break; }
  let browser = 'Unknown';
  for (const [re, name] of BROWSER) if (re.test(userAgent)) { browser = name; break; }
  return { os, browser, crawler: false };
}
