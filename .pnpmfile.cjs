// pnpm hooks for this workspace.
//
// beforePacking: what `pnpm pack` and `pnpm publish` put in a package's published package.json. The packages'
// devDependencies (the private @puzzles/kit and @puzzles/testkit, test tools) and scripts (build, test, bench) only
// work inside this repository; a user installing the package never needs them, and a published manifest must not
// name a private package (scripts/pack-check.mjs checks it).
module.exports = {
  hooks: {
    beforePacking(pkg) {
      delete pkg.devDependencies;
      delete pkg.scripts;
      return pkg;
    },
  },
};
