/**
 * Environment parsed once, at start. Everything else receives a Config; nothing
 * else reads process.env, so tests can build an app from plain values.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: z.string().min(16).optional(),
  SEED: z.enum(['demo', 'none']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Another Stripe API address (stripe-mock, a test double); default https://api.stripe.com. */
  STRIPE_API_URL: z.string().url().optional(),
  PLAID_CLIENT_ID: z.string().optional(),
  PLAID_SECRET: z.string().optional(),
  /** Which Plaid environment the credentials belong to. */
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Plaid's API address (tests point it at a local fake); by default from PLAID_ENV. */
  PLAID_BASE_URL: z.string().url().optional(),
  TRANSLATE_API_KEY: z.string().optional(),
  MAPS_API_KEY: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  /** Where reCAPTCHA tokens are verified (tests point it at a local fake). */
  RECAPTCHA_VERIFY_URL: z.string().url().optional(),
  /** The shop's own address: the only base of absolute links (mail, webhooks, redirects). */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:$/.test(new URL(v).protocol), 'must be an http:// or https:// address')
    .optional(),
  /** More host names the shop answers to besides PUBLIC_URL's (comma separated). */
  ALLOWED_HOSTS: z.string().optional(),
  CARRIER_API_URL: z.string().url().optional(),
  CARRIER_API_KEY: z.string().optional(),
  /** A request (headers and body) must arrive within this; slow clients cannot hold a connection. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** PostgreSQL statement_timeout for the app's pool (a real server; PGlite has no timer to cancel with). */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  // Webhooks: see docs/integrations.md.
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0']).optional(),
  WEBHOOKS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  WEBHOOKS_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400_000)
    .default(6 * 3_600_000),
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOKS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).optional(),
  // Payments: the offline card and bank sandboxes in production only when asked for.
  PAYMENTS_SANDBOX: z.enum(['true', 'false', '1', '0']).optional(),
  /** An in-flight payment attempt older than this is taken over by the recovery job (confirm or refund). */
  PAYMENT_ATTEMPT_LEASE_MS: z.coerce.number().int().min(100).max(86_400_000).default(120_000),
  /** New accounts checkout may create (or refuse as taken) per client address per hour. */
  CHECKOUT_ACCOUNTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Cards the tokeniser takes per signed-in user (or client address) per 10 minutes. */
  CARD_TOKENS_PER_10_MIN: z.coerce.number().int().min(1).max(1_000_000).default(30),
});

/** Outbound webhooks and the job queue that delivers them. */
export type WebhookConfig = {
  /** Deliver to (and accept) URLs resolving to private, loopback or link-local addresses. */
  allowPrivate: boolean;
  /** Attempts per delivery before it is marked failed. */
  maxAttempts: number;
  /** Backoff before retry n: a random delay in [base·2^(n-1) / 2, base·2^(n-1)], capped at retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** One attempt's time limit (connect + answer). */
  timeoutMs: number;
  /** Outbox events and finished deliveries (with their attempts) older than this are deleted nightly. */
  retentionDays: number;
  /** How often the job queue looks for due jobs (retries; new jobs also arrive by NOTIFY). */
  pollMs: number;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl?: string;
  dataDir: string;
  sessionSecret: string;
  /** True when the secret was generated for this run (sessions will not survive a restart). */
  sessionSecretGenerated: boolean;
  /** 'demo' loads the demo data into an empty database. Default 'demo', but 'none' in production. */
  seed: 'demo' | 'none';
  logLevel: string;
  trustProxy: boolean;
  smtpUrl?: string;
  /**
   * PUBLIC_URL as configured (no trailing slash); unset outside production. Never read it to build
   * a link: publicBase(config) is the one base, and it has the development default.
   */
  publicUrl?: string;
  /** Host names (lower case, no port) a production request may name besides PUBLIC_URL's. */
  allowedHosts: string[];
  /** Resource limits: request and header timeouts, the database pool's size and statement timeout. */
  limits: { requestTimeoutMs: number; headersTimeoutMs: number; statementTimeoutMs: number; poolMax: number };
  providers: {
    stripeSecretKey?: string;
    stripeBaseUrl?: string;
    plaid?: { clientId: string; secret: string; env: 'sandbox' | 'production'; baseUrl?: string };
    translateApiKey?: string;
    mapsApiKey?: string;
    recaptcha?: { siteKey: string; secret: string; verifyUrl?: string };
    /** A real carrier's rating API; without it shipping uses the built-in rate table. */
    carrier?: { url: string; apiKey: string };
  };
  webhooks: WebhookConfig;
  /**
   * Payments. `sandbox`: PAYMENTS_SANDBOX=1 — the offline card and bank sandboxes may
   * run in production (staging); outside production they always may. `attemptLeaseMs`: see the
   * recovery job (src/workflows/checkout/payment-jobs.ts). The two abuse limits of checkout.
   */
  payments: { sandbox: boolean; attemptLeaseMs: number; checkoutAccountsPerHour: number; cardTokensPer10Min: number };
};

/** May the offline sandboxes (card, bank link) take payments? Always outside production; in production only with PAYMENTS_SANDBOX=1. */
export const sandboxAllowed = (config: { env: Config['env']; payments?: { sandbox: boolean } }): boolean =>
  config.env !== 'production' || !!config.payments?.sandbox;

/**
 * The base of every absolute URL the app writes (mail, webhooks, redirects): PUBLIC_URL, else
 * (development and tests only: production requires PUBLIC_URL) this server on localhost at its
 * port. Never the request's Host, X-Forwarded-Host or Origin: those are the sender's to choose.
 * start() writes the port it actually listens on into the config, so port 0 (tests) works.
 */
export function publicBase(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/**
 * The host name of a Host header value or an ALLOWED_HOSTS entry, lower case and without its port
 * ('Shop.Example:8443' → 'shop.example', '[::1]:3000' → '[::1]'); throws when it is not one.
 */
export function hostnameOf(value: string): string {
  const m =
    /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::\d{1,5})?$/.exec(
      value.trim().toLowerCase(),
    );
  if (!m) throw new Error(`not a host name: ${value}`);
  return m[1];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new Error('SESSION_SECRET is required when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    // Without it the only other source of the shop's address is the request's Host header, which
    // the sender chooses: a reset link mailed to a victim would point at the sender's site.
    throw new Error(
      "PUBLIC_URL is required when NODE_ENV=production: set it to the shop's own address (e.g. https://shop.example). It is the only base of links in mail, webhooks and redirects, and requests naming another host are refused.",
    );
  }
  const allowedHosts = allowedHostsOf(e.ALLOWED_HOSTS);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    sessionSecretGenerated: !e.SESSION_SECRET,
    // A real shop's first start must never create the demo accounts (published password, every
    // permission): in production the demo data comes only when SEED=demo is asked for.
    seed: e.SEED ?? (e.NODE_ENV === 'production' ? 'none' : 'demo'),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    smtpUrl: e.SMTP_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    allowedHosts,
    limits: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      // Node requires headersTimeout <= requestTimeout.
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
      poolMax: e.DB_POOL_MAX,
    },
    providers: providersOf(e),
    webhooks: {
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true' || e.WEBHOOKS_ALLOW_PRIVATE === '1',
      maxAttempts: e.WEBHOOKS_MAX_ATTEMPTS,
      retryBaseMs: e.WEBHOOKS_RETRY_BASE_MS,
      retryMaxMs: Math.max(e.WEBHOOKS_RETRY_MAX_MS, e.WEBHOOKS_RETRY_BASE_MS),
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
      retentionDays: e.WEBHOOKS_RETENTION_DAYS,
      pollMs: e.JOBS_POLL_MS ?? 2000,
    },
    payments: {
      sandbox: e.PAYMENTS_SANDBOX === 'true' || e.PAYMENTS_SANDBOX === '1',
      attemptLeaseMs: e.PAYMENT_ATTEMPT_LEASE_MS,
      checkoutAccountsPerHour: e.CHECKOUT_ACCOUNTS_PER_HOUR,
      cardTokensPer10Min: e.CARD_TOKENS_PER_10_MIN,
    },
  };
}

type ParsedEnv = z.infer<typeof Env>;

/** ALLOWED_HOSTS: a comma-separated list of host names, each without its port. */
function allowedHostsOf(value: string | undefined): string[] {
  try {
    return (value ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean)
      .map(hostnameOf);
  } catch {
    throw new Error(
      'Invalid configuration:\n  ALLOWED_HOSTS: a comma-separated list of host names (a port may follow, e.g. shop.example,www.shop.example:8443)',
    );
  }
}

/** The external services configured, each only when all it needs is set. */
function providersOf(e: ParsedEnv): Config['providers'] {
  return {
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeBaseUrl: e.STRIPE_API_URL,
    plaid:
      e.PLAID_CLIENT_ID && e.PLAID_SECRET
        ? { clientId: e.PLAID_CLIENT_ID, secret: e.PLAID_SECRET, env: e.PLAID_ENV, baseUrl: e.PLAID_BASE_URL }
        : undefined,
    translateApiKey: e.TRANSLATE_API_KEY,
    mapsApiKey: e.MAPS_API_KEY,
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET
        ? { siteKey: e.RECAPTCHA_SITE_KEY, secret: e.RECAPTCHA_SECRET, verifyUrl: e.RECAPTCHA_VERIFY_URL }
        : undefined,
    carrier: e.CARRIER_API_URL && e.CARRIER_API_KEY ? { url: e.CARRIER_API_URL, apiKey: e.CARRIER_API_KEY } : undefined,
  };
}
