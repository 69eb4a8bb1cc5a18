/**
 * The system services screen's probes: each service says whether it is the built-in offline
 * implementation or a configured real one, and whether it answers now. Probes run in parallel,
 * each bounded (PROBE_MS), so one dead service cannot hang the page.
 *
 * - database: a round trip (and the server's version);
 * - job queue: graphile-worker's backlog (due, scheduled retries, running, given up) and the
 *   webhook deliveries pending and failed;
 * - mail: SMTP server reachable (TCP connect), or the .eml folder writable;
 * - each provider: built-in ones run in this process (they answer if the app does); configured
 *   ones are asked over HTTPS (any HTTP answer, even 401, means it answers).
 */
import { access, constants, mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Services } from '../../services.ts';

export type ServiceState = 'ok' | 'down' | 'offline';
export type ServiceStatus = {
  key: string;
  mode: 'built-in' | 'configured';
  state: ServiceState;
  detail: string;
  ms: number | null;
  facts?: Record<string, number | string>;
};

export const PROBE_MS = 3000;

async function timed<T>(fn: () => Promise<T>): Promise<{ value?: T; error?: string; ms: number }> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      fn(),
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_MS} ms`)), PROBE_MS)),
      ),
    ]);
    return { value, ms: Math.round(performance.now() - t0) };
  } catch (err) {
    return { error: (err as Error).message.slice(0, 200), ms: Math.round(performance.now() - t0) };
  } finally {
    clearTimeout(timer);
  }
}

/** Any HTTP answer from the host counts: we ask whether the service is reachable, not authorised. */
export async function httpAnswers(url: string): Promise<string> {
  const res = await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(PROBE_MS) });
  return `HTTP ${res.status}`;
}

function tcpAnswers(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, timeout: PROBE_MS });
    socket.once('connect', () => {
      socket.destroy();
      resolve(`${host}:${port} accepts connections`);
    });
    socket.once('timeout', () => socket.destroy(new Error('timed out')));
    socket.once('error', reject);
  });
}

type Probe = { key: string; configured: boolean; builtIn: string; remote?: string; check?: () => Promise<string> };

/** The providers in src/providers (and the bank link), from the configuration. */
function providerProbes(s: Services): Probe[] {
  const p = s.config.providers;
  return [
    {
      key: 'payments',
      configured: !!p.stripeSecretKey,
      builtIn: 'Offline card sandbox',
      remote: 'https://api.stripe.com/v1',
    },
    {
      key: 'bank',
      configured: !!p.plaid,
      builtIn: 'Offline bank link (micro-deposits)',
      remote: 'https://production.plaid.com',
    },
    {
      key: 'shipping',
      configured: !!p.carrier,
      builtIn: 'Built-in rate table (shipping_rates)',
      remote: p.carrier?.url,
    },
    {
      key: 'translate',
      configured: !!p.translateApiKey,
      builtIn: 'None: translations are typed by staff',
      remote: 'https://translation.googleapis.com',
    },
    {
      key: 'maps',
      configured: !!p.mapsApiKey,
      builtIn: 'Offline geolocation and drive-time estimate',
      remote: 'https://maps.googleapis.com/maps/api',
    },
    {
      key: 'captcha',
      configured: !!p.recaptcha,
      builtIn: 'Offline signed form tokens',
      remote: 'https://www.google.com/recaptcha/api/siteverify',
    },
  ];
}

export async function serviceStatuses(s: Services): Promise<ServiceStatus[]> {
  const db = timed(async () => {
    const { rows } = await s.database.pool.query<{ v: string }>('select version() as v');
    return rows[0].v.split(' ').slice(0, 2).join(' ');
  });
  const jobs = timed(async () => {
    if (!s.jobs) throw new Error('not started in this process');
    const backlog = await s.jobs.backlog();
    const res = await s.db.execute<{ pending: number; failed: number }>(
      sql`select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'failed')::int as failed from webhook_deliveries`,
    );
    return { ...backlog, ...res.rows[0] };
  });
  const mail = timed(async () => {
    if (s.mailer.kind === 'smtp' && s.config.smtpUrl) {
      const u = new URL(s.config.smtpUrl);
      return tcpAnswers(u.hostname, Number(u.port || (u.protocol === 'smtps:' ? 465 : 587)));
    }
    const dir = path.join(s.config.dataDir, 'mail');
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
    return `writes .eml files to ${dir}`;
  });
  const providers = providerProbes(s).map((p) =>
    timed(async () => (p.configured && p.remote ? httpAnswers(p.remote) : p.builtIn)).then((r) => ({ p, r })),
  );
  const [d, j, m, ...ps] = await Promise.all([db, jobs, mail, ...providers]);
  const out: ServiceStatus[] = [
    {
      key: 'database',
      mode: s.database.kind === 'embedded' ? 'built-in' : 'configured',
      state: d.error ? 'down' : 'ok',
      detail: d.error ?? `${s.database.kind === 'embedded' ? 'Embedded PGlite' : 'PostgreSQL server'} · ${d.value}`,
      ms: d.ms,
    },
    {
      key: 'jobs',
      mode: 'built-in',
      state: j.error ? 'down' : 'ok',
      ms: j.ms,
      detail: j.error ?? 'graphile-worker in this process',
      facts: j.value
        ? {
            due: j.value.due,
            scheduled: j.value.scheduled,
            running: j.value.running,
            dead: j.value.dead,
            pending: j.value.pending,
            failed: j.value.failed,
          }
        : undefined,
    },
    {
      key: 'mail',
      mode: s.mailer.kind === 'smtp' ? 'configured' : 'built-in',
      state: m.error ? 'down' : 'ok',
      detail: m.error ?? String(m.value),
      ms: m.ms,
    },
  ];
  for (const { p, r } of ps) {
    out.push({
      key: p.key,
      mode: p.configured ? 'configured' : 'built-in',
      state: r.error ? 'down' : p.configured ? 'ok' : 'offline',
      detail: r.error ?? String(r.value),
      ms: p.configured ? r.ms : null,
    });
  }
  return out;
}
