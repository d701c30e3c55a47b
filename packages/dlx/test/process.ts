// For CLI tests where the process is the point: a run on a pseudo-terminal that is stopped by Ctrl-C once some output
// has shown.
import { spawn, spawnSync } from 'node:child_process';

/** Whether `script` (util-linux) is here to give a command a pseudo-terminal. */
export const hasScript = spawnSync('script', ['--version']).status === 0;

/**
 * Runs a shell command on a pseudo-terminal (`script`), and types Ctrl-C once its terminal output matches `until`:
 * work that cannot end by itself is then stopped as soon as what the test waits for has shown, whatever the machine's
 * speed. Resolves to the terminal output and the exit status (130 after Ctrl-C).
 */
export async function onTerminalUntil(command: string, until: RegExp, limitMs = 30_000): Promise<{ code: number | null; output: string; seen: boolean }> {
  const child = spawn('script', ['-qec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, NO_COLOR: '1' } });
  child.stdin.on('error', () => {});
  let output = '';
  let seen = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    if (!seen && until.test(output)) {
      seen = true;
      child.stdin.write('\u0003');
    }
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(killer);
  return { code, output, seen };
}
