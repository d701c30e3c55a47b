export { LogFormatError, LogLineError, LogSourceError } from './errors.js';
export {
  compileApacheFormat,
  compileFormat,
  compileNginxFormat,
  type CompiledFormat,
  type FieldKind,
  type FormatField,
  type FormatName,
  type LogFormatSpec,
} from './format.js';
export { DEFAULT_MAX_LINE_LENGTH, MAX_LINE_LENGTH } from './lines.js';
export { mergeWww } from './url.js';
export { MAX_PATTERN_SIZE, compilePattern, type Pattern } from './pattern.js';
export {
  isReject,
  parseLine,
  parseLog,
  type LogRecord,
  type LogReject,
  type ParseOptions,
  type ParseSummary,
} from './parse.js';
export type { ChunkSource, LogChunk } from './chunks.js';
export {
  collectStats,
  collectStatsFromSources,
  hitsPerDay,
  topPairs,
  topReferrers,
  type DayStats,
  type LogStats,
  type PairCount,
  type PeriodStats,
  type ReferrerCount,
  type StatsOptions,
  type StopReason,
} from './stats.js';
export {
  csvField,
  formatCsv,
  formatDay,
  formatReport,
  parseCsv,
  reportCsv,
  reportJson,
  reportLines,
  reportRows,
  type ReportJson,
  type ReportKind,
  type ReportOptions,
  type SummaryJson,
} from './report.js';
export { dotString, toDot, type DotOptions } from './dot.js';
export { classifyAgent, type AgentClass } from './agent.js';
export {
  PANELS,
  addFailed,
  addRecord,
  createPanels,
  mergePanels,
  panelReport,
  panelsFromJson,
  panelsToJson,
  referrerStats,
  referringSite,
  type GeneralPanel,
  type PanelItem,
  type PanelLists,
  type PanelName,
  type PanelReport,
  type PanelReportOptions,
  type PanelRow,
  type PanelStats,
  type PanelStatsJson,
} from './panels.js';
export { panelHtml, type HtmlOptions } from './html.js';
export { collectDayPanels, collectPanelReport, collectPanels, type ApproximateReportOptions, type DayCollection, type PanelCollection, type PanelOptions, type PanelReportCollection } from './panelscan.js';
export { cutDays, datedDays, isDay, lastDays, mergeDays, panelsOfDays, type DayPanels, type DayRange } from './days.js';
export { DEFAULT_COUNTERS, DEFAULT_PRECISION, type ApproximateInfo, type ApproximateOptions } from './approx.js';
export { HyperLogLog, MAX_PRECISION, MIN_PRECISION, standardError } from './hyperloglog.js';
export { MAX_COUNTERS, MIN_COUNTERS, TopCounters, type TopItem } from './spacesaving.js';
