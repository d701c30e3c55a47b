// The CHANGELOG lines `changeset version` writes (.changeset/config.json "changelog" points here).
//
// Like @changesets/cli/changelog, with two differences for readers of a package's npm page:
//   - no commit hash before each entry (a hash is not a link there, and says nothing to a user);
//   - "Updated dependencies" lists only dependencies that had been released before (old version other than
//     0.0.0): a package's first release depends on the first release of its workspace dependencies, which is news
//     to nobody, so a first CHANGELOG gets its one entry and no "Patch Changes" section for it.

/** One entry: the changeset's summary, its first line as the bullet and the rest indented under it. */
async function getReleaseLine(changeset) {
  const [first, ...rest] = changeset.summary.split('\n').map((line) => line.trimEnd());
  return [`- ${first}`, ...rest.map((line) => (line === '' ? '' : `  ${line}`))].join('\n');
}

/** The dependencies bumped with this release, leaving out those released for the first time (from 0.0.0). */
async function getDependencyReleaseLine(_changesets, dependenciesUpdated) {
  const released = dependenciesUpdated.filter((dependency) => dependency.oldVersion !== '0.0.0');
  if (released.length === 0) return '';
  return ['- Updated dependencies:', ...released.map((dependency) => `  - ${dependency.name}@${dependency.newVersion}`)].join('\n');
}

module.exports = { getReleaseLine, getDependencyReleaseLine };
