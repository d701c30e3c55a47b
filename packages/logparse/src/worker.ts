// A worker thread of `logparse --workers N`: counts the panels of one byte range of an uncompressed log, its user
// agents unclassified, and posts them back in compact form (typed arrays transferred, not copied), to be classified
// and merged in order by the main thread (threads.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { compileApacheFormat, compileFormat, compileNginxFormat } from './node.js';
import { compactPanels, countRange, transferables } from './threads.js';

/** What the main thread gives a worker. */
interface Job {
  file: string;
  start: number;
  end: number;
  format?: string;
  nginx?: string;
}

const job = workerData as Job;
const format =
  job.nginx !== undefined ? compileNginxFormat(job.nginx) : job.format === undefined ? compileFormat('combined') : job.format === 'common' || job.format === 'combined' ? compileFormat(job.format) : compileApacheFormat(job.format);
const { stats, byAgent } = await countRange(job.file, job.start, job.end, format);
// As strings and typed arrays (the items' packed visitor lists are class instances, which a structured clone does
// not keep).
const compact = compactPanels(stats, true);
parentPort!.postMessage({ byAgent, stats: compact }, transferables(compact));
