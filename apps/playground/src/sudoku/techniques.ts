// How the page names the library's techniques (their kebab-case names are shown beside these titles).
import type { TechniqueName } from '@puzzles/candidates';

/** A title per technique, in the library's order (simplest first). */
export const TECHNIQUE_TITLES: Readonly<Record<TechniqueName, string>> = {
  'full-house': 'Full house',
  'naked-single': 'Naked single',
  'hidden-single': 'Hidden single',
  'locked-candidates': 'Locked candidates',
  'naked-pair': 'Naked pair',
  'naked-triple': 'Naked triple',
  'naked-quad': 'Naked quad',
  'hidden-pair': 'Hidden pair',
  'hidden-triple': 'Hidden triple',
  'hidden-quad': 'Hidden quad',
  'x-wing': 'X-Wing',
  swordfish: 'Swordfish',
  jellyfish: 'Jellyfish',
  'remote-pair': 'Remote pair',
  'xy-wing': 'XY-Wing',
  'xyz-wing': 'XYZ-Wing',
  'w-wing': 'W-Wing',
  skyscraper: 'Skyscraper',
  'two-string-kite': '2-String Kite',
  'simple-coloring': 'Simple coloring',
  'unique-rectangle-1': 'Unique rectangle type 1',
  'bug-plus-1': 'BUG+1',
  'x-chain': 'X-Chain',
  'xy-chain': 'XY-Chain',
  'continuous-nice-loop': 'Continuous nice loop',
  'discontinuous-nice-loop': 'Discontinuous nice loop',
  aic: 'Alternating inference chain (AIC)',
  'grouped-continuous-nice-loop': 'Grouped continuous nice loop',
  'grouped-discontinuous-nice-loop': 'Grouped discontinuous nice loop',
  'grouped-aic': 'Grouped AIC',
  'als-xz': 'ALS-XZ',
  'als-xy-wing': 'ALS-XY-Wing',
  'als-chain': 'ALS chain',
  'death-blossom': 'Death blossom',
  'forcing-chain': 'Forcing chain',
  'forcing-net': 'Forcing net',
};

export function techniqueTitle(name: TechniqueName): string {
  return TECHNIQUE_TITLES[name];
}
