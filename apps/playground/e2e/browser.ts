// Opening pages of the built site in Debian's Chromium through playwright-core, and taking screenshots of them.
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Debian's Chromium (`apt-get install chromium`); CHROMIUM_PATH overrides it. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const SHOTS = fileURLToPath(new URL('../.tmp/screenshots/', import.meta.url));

/** Starts a headless Chromium the way this machine needs it: no sandbox as root, no background networking. */
export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** One Chromium for the test file: launched before its tests, closed after them. Returns a getter for it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (browser === undefined) throw new Error('the browser is not launched yet: call open() inside a test');
    return browser;
  };
}

/** A page of the site with the errors it logs collected: the tests expect none. */
export interface OpenPage {
  readonly page: Page;
  readonly errors: string[];
}

/** Opens `path` (e.g. `flipper.html?start=5`) of the served site in a fresh context (clipboard allowed). */
export async function open(browser: Browser, path: string): Promise<OpenPage> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, baseURL: inject('baseURL') });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => errors.push(`request failed: ${request.url()}`));
  await page.goto(path);
  return { page, errors };
}

/** Saves a full-page screenshot to apps/playground/.tmp/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}
