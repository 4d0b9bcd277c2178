import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { spawnTsServer, type ServerProcess } from '../lib/server-process';

/**
 * Where the load generator and the servers run. The two vCPUs of this machine are not equally fast
 * (side by side, a server kept to one of them answered 16% more requests than one kept to the
 * other), and the scheduler places each new process on either, so unpinned servers of one run were
 * not compared on equal terms (decision 0090). On Linux with `taskset` (util-linux) and two or more
 * CPUs allowed to this process, the bench process, autocannon included, keeps to the first of them
 * and every server to the last.
 */
export interface CpuPlacement {
  /** Prefix of a server's command line (`taskset --cpu-list N`), empty when unpinned. */
  serverLauncher: string[];
  /** For the report: where things ran. */
  description: string;
}

export function placeOnSeparateCpus(): CpuPlacement {
  const allowed = allowedCpus();
  if (allowed.length < 2) return { serverLauncher: [], description: 'processes not pinned to CPUs' };
  const [benchCpu, serverCpu] = [String(allowed[0]), String(allowed.at(-1))];
  try {
    execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', benchCpu, String(process.pid)], { stdio: 'ignore' });
  } catch {
    return { serverLauncher: [], description: 'processes not pinned to CPUs (no taskset)' };
  }
  return {
    serverLauncher: ['taskset', '--cpu-list', serverCpu],
    description: `the bench process on CPU ${benchCpu} and every server on CPU ${serverCpu}`,
  };
}

/** The CPUs this process may run on (Linux: `Cpus_allowed_list`, e.g. "0-3,8"); empty elsewhere. */
export function allowedCpus(status = readProcStatus()): number[] {
  const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1];
  if (!list) return [];
  return list.split(',').flatMap((range) => {
    const [first, last = first] = range.split('-').map(Number) as [number, number?];
    return Array.from({ length: last! - first + 1 }, (_, index) => first + index);
  });
}

function readProcStatus(): string {
  try {
    return fs.readFileSync('/proc/self/status', 'utf8');
  } catch {
    return '';
  }
}

/**
 * Starts a TypeScript entry point for the benchmark (production mode, plus any extra `--import`
 * preloads) on a free loopback port, and resolves once `readyPath` answers. Used for the reference
 * servers; the app itself runs compiled, as `npm start` runs it (bench.ts startApp).
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
