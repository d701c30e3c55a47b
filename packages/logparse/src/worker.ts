// A worker thread of `logparse --workers N`: counts the panels of one byte range of an uncompressed log and posts
// them back in compact form (typed arrays transferred, not copied), to be merged in order by the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { compactPanels, transferables } from './compact.js';
import { collectPanels, compileApacheFormat, compileFormat, compileNginxFormat, createPanels } from './node.js';

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
const stats = job.end > job.start ? await collectPanels(job.file, { format, start: job.start, end: job.end }) : createPanels();
// As strings and typed arrays (the items' packed visitor lists are class instances, which a structured clone does
// not keep).
const compact = compactPanels(stats, true);
parentPort!.postMessage(compact, transferables(compact));
