// For CLI tests where the process is the point: the peak memory of a CLI inside a shell pipeline.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs `script` in bash with `BIN` standing for the CLI, samples the CLI's peak resident memory (Linux /proc) and
 * returns it with the pipeline's exit status and stderr. `BIN` must appear once.
 */
export async function pipelinePeakMemory(bin: string, script: string, limitMs = 30_000): Promise<{ code: number | null; peakMB: number; stderr: string }> {
  const pidFile = join(mkdtempSync(join(tmpdir(), 'puzzles-peak-')), 'pid');
  // `0<&0`: a job started with & in a script reads /dev/null unless its standard input is named.
  const command = `{ "${process.execPath}" "${bin}" "$@" 0<&0 & echo $! > '${pidFile}'; wait $!; }`;
  const child = spawn('bash', ['-c', `set -o pipefail; BIN() ${command}; ${script}`], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${readFileSync(pidFile, 'utf8').trim()}/status`, 'utf8');
      peak = Math.max(peak, Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // Not started yet, or ended.
    }
  }, 20);
  const killer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(timer);
  clearTimeout(killer);
  return { code, peakMB: peak, stderr };
}
