// Loaded into a spawned CLI (`node --import`, through NODE_OPTIONS) by tests whose --timeout must fire whatever the
// machine's speed: every reading of the clock is a quarter of a second later than the one before, so a time limit
// passes after a handful of readings, long before any real work could be done.
const realNow = performance.now.bind(performance);
const realDate = Date.now;
let skew = 0;
performance.now = () => realNow() + (skew += 250);
Date.now = () => realDate() + (skew += 250);
