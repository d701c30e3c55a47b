// The family's JSON convention, where it needs code: times in milliseconds, whole or with one decimal.

/** A duration for JSON output under `ms`: whole milliseconds from 100 ms up, one decimal below (no float noise). */
export function roundMs(ms: number): number {
  return ms >= 100 ? Math.round(ms) : Math.round(ms * 10) / 10;
}
