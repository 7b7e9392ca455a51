import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api, where `node --import tsx src/…` finds its files. */
export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a TypeScript entry of the API in a child process to its end (CLIs). */
export function runTs(entry: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: apiDir, env: { ...process.env, INIT_CWD: apiDir, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Every line it wrote so far (stdout and stderr). */
  lines: string[];
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** JSON log lines parsed (others skipped). */
  logs(): Record<string, unknown>[];
}

/** Starts the real server (`src/server.ts`) on a port and waits until it answers /api/health. */
export async function startServer(env: Record<string, string>, opts: { port: number; timeoutMs?: number }): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...process.env, INIT_CWD: apiDir, HOST: '127.0.0.1', PORT: String(opts.port), NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar (${child.exitCode}):\n${lines.join('\n')}`);
    try {
      const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`el servidor no respondió a tiempo:\n${lines.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    child,
    port: opts.port,
    url,
    lines,
    exited,
    logs: () =>
      lines.flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
  };
}
