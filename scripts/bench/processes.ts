import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { spawnTsServer, type ServerProcess } from '../lib/server-process';

/**
 * Where the load generator and the servers run. The two vCPUs of this machine are not equally fast
 * (side by side, a server kept to one of them answered 16% more requests than one kept to the
 * other), and the scheduler places each new process on either, so unpinned servers of one run were
 * not compared on equal terms. With `taskset` (Linux, util-linux) and two or more CPUs, the bench
 * process, autocannon included, keeps to the first CPU and every server to the last one.
 */
export interface CpuPlacement {
  /** Prefix of a server's command line (`taskset --cpu-list N`), empty when unpinned. */
  serverLauncher: string[];
  /** For the report: where things ran. */
  description: string;
}

export function placeOnSeparateCpus(): CpuPlacement {
  const cpus = os.cpus().length;
  if (os.platform() !== 'linux' || cpus < 2) return { serverLauncher: [], description: 'processes not pinned to CPUs' };
  const serverCpu = String(cpus - 1);
  try {
    execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', '0', String(process.pid)], { stdio: 'ignore' });
  } catch {
    return { serverLauncher: [], description: 'processes not pinned to CPUs (no taskset)' };
  }
  return { serverLauncher: ['taskset', '--cpu-list', serverCpu], description: `the bench process on CPU 0 and every server on CPU ${serverCpu}` };
}

/**
 * Starts a TypeScript entry point for the benchmark (production mode, plus any extra `--import`
 * preloads) on a free loopback port, and resolves once `readyPath` answers. Used for the reference
 * servers and for the app with the event-loop probe; the plain app runs go through
 * scripts/lib/server-process.ts startServer.
 */
export function spawnServer(
  entry: string,
  env: Record<string, string>,
  options: { readyPath: string; preloads?: string[]; launcher?: string[] },
): Promise<ServerProcess> {
  return spawnTsServer(entry, {
    env: { NODE_ENV: 'production', ...env },
    readyPath: options.readyPath,
    preloads: options.preloads,
    launcher: options.launcher,
    timeoutMs: 60_000,
  });
}
