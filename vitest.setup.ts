import fc from 'fast-check';

// Property tests are random locally and reproducible in CI (a fixed seed, printed on failure either way).
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.CI ? 20261121 : undefined;
fc.configureGlobal({ ...(seed === undefined ? {} : { seed }), numRuns: process.env.CI ? 200 : 100 });
