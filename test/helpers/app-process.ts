/**
 * An app as its own process (`tsx src/server.ts`) over a test database, for tests that kill it
 * with SIGKILL (crash safety). Resolves with its URL once it says it is serving.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestDb } from './db.ts';

export type Child = { url: string; proc: ChildProcess };

export function startAppProcess(db: TestDb, env: Record<string, string>): Promise<Child> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATABASE_URL: db.databaseUrl,
      DATA_DIR: db.dataDir,
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Serving on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1], proc });
    });
    proc.once('exit', (code) => reject(new Error(`app exited (code ${code}) before serving: ${out}`)));
  });
}

/** SIGKILL, resolved once the process has exited. */
export function killAppProcess(child: Child): Promise<void> {
  return new Promise((resolve) => {
    if (child.proc.exitCode !== null || child.proc.signalCode) return resolve();
    child.proc.once('exit', () => resolve());
    child.proc.kill('SIGKILL');
  });
}
