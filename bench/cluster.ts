/**
 * `npm run start:cluster` as the benchmark runs it: src/cluster.ts in a child process with
 * WORKERS=n on a free port, over the run's PostgreSQL database (already migrated and seeded).
 * Ready once every worker has logged "listening".
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopProcess } from './load.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export type RunningCluster = { url: string; stop(): Promise<void> };

export async function startCluster(
  workers: number,
  env: { databaseUrl: string; sessionSecret: string },
): Promise<RunningCluster> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/cluster.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WORKERS: String(workers),
      PORT: String(port),
      DATABASE_URL: env.databaseUrl,
      SESSION_SECRET: env.sessionSecret,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED: 'none',
      LOG_LEVEL: 'silent',
    },
    // The primary sends {type: 'ready'} over IPC once every worker listens.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const stop = () => stopProcess(child);
  const url = `http://127.0.0.1:${port}`;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('start:cluster did not become ready within 120 s')), 120_000);
      child.once('exit', (code) => reject(new Error(`start:cluster exited with code ${code}`)));
      child.on('message', (m: { type?: string }) => {
        if (m.type !== 'ready') return;
        clearTimeout(timer);
        resolve();
      });
    });
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, stop };
}
