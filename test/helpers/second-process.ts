/**
 * A second app process (`node src/server.ts`, its own pool, caches and listener) over the shared
 * test server's PostgreSQL database, for tests of what one process's write does to another's
 * next answer. PostgreSQL only: the embedded database belongs to one process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { testServer } from './server.ts';

export type SecondProcess = { url: string; stop(): Promise<void> };

export async function startSecondProcess(): Promise<SecondProcess> {
  const first = await testServer();
  if (!first.config.databaseUrl) throw new Error('a second app process needs PostgreSQL (DATABASE_URL)');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATABASE_URL: first.config.databaseUrl,
      DATA_DIR: first.config.dataDir,
      SESSION_SECRET: first.config.sessionSecret,
      SEED: 'none',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Serving on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`second app process exited (code ${code}): ${out}`)));
  });
  return { url, stop };
}
