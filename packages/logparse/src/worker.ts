// A worker thread of `logparse --workers N`: counts the panels of the byte ranges of an uncompressed log it claims, its
// user agents unclassified, and posts them back in compact form (typed arrays transferred, not copied), to be classified
// and merged in order by the main thread (threads.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { compileApacheFormat, compileFormat, compileNginxFormat } from './node.js';
import { compactPanels, countClaimed, transferables } from './threads.js';

/** What the main thread gives a worker: the file's ranges to claim (see claimedChunks) and the format. */
interface Job {
  file: string;
  cuts: number[];
  next: Int32Array;
  format?: string;
  nginx?: string;
}

const job = workerData as Job;
const format =
  job.nginx !== undefined ? compileNginxFormat(job.nginx) : job.format === undefined ? compileFormat('combined') : job.format === 'common' || job.format === 'combined' ? compileFormat(job.format) : compileApacheFormat(job.format);
const { stats, byAgent } = await countClaimed(job.file, job.cuts, job.next, format, true);
// As strings and typed arrays (the items' packed visitor lists are class instances, which a structured clone does
// not keep).
const compact = compactPanels(stats, true);
parentPort!.postMessage({ byAgent, stats: compact }, transferables(compact));
