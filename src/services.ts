/**
 * The shapes the composition root (app.ts) hands to every router: what the app is built from
 * (Deps) and the services built once per app (Services). They live here so that features never
 * import app.ts.
 */
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Texts } from './i18n/index.ts';
import type { Mailer } from './providers/mail/index.ts';
import type { Notifier } from './db/notify.ts';
import type { ChannelCache } from './features/channels/index.ts';
import type { AuthService } from './features/auth/index.ts';
import type { PaymentProvider } from './providers/payments/types.ts';
import type { ReadCache, ReadModel } from './db/read-model.ts';
import type { CatalogReadModel } from './features/catalog/index.ts';
import type { CatalogTextCache } from './features/translations/index.ts';
import type { CurrentUser } from './http/types.ts';
import type { JobQueue } from './features/webhooks/index.ts';
import type { PageCache } from './http/page-cache/index.ts';

export type Deps = {
  config: Config;
  database: Database;
  texts: Texts;
  mailer: Mailer;
  logger: Logger;
  /** Cross-process cache invalidation (LISTEN/NOTIFY; in-process on the embedded database). */
  events: Notifier;
  /** The job queue (graphile-worker) delivering webhooks; absent in apps built without start(). */
  jobs?: JobQueue;
  /** A card provider instead of the configured one (tests); built from the config when absent. */
  payments?: PaymentProvider;
};

/** Services built once per app and handed to routers. */
export type Services = Deps & {
  db: Database['db'];
  channels: ChannelCache;
  auth: AuthService;
  /** Caches of what rarely changes, emptied in every process when their tables are written (src/db/read-model.ts). */
  readModel: ReadModel;
  /** Signed-in users with their permissions, by id. */
  users: ReadCache<CurrentUser | undefined>;
  /** Finished storefront pages, served with each visitor's parts spliced in (src/http/page-cache). */
  pageCache: PageCache;
  /** Product pages, listings, typeahead and featured products per channel (src/features/catalog/read-model.ts). */
  catalog: CatalogReadModel;
  /** Catalogue content in the visitor's language (translations under 'cat:'), from the read model. */
  catalogText: CatalogTextCache;
  /** Called after every sign-in (the cart area merges the anonymous cart into the account's). */
  onSignIn?: (req: import('express').Request, userId: number) => Promise<void>;
  /** Called after the visitor switches channel (the cart area re-prices the cart). */
  onChannelChange?: (req: import('express').Request, channelCode: string) => Promise<void>;
  /** Every page's text-editing locals (app.ts installs the translations area's pageTextLocals). */
  pageText?: import('./http/context.ts').PageTextLocals;
  /** Called for every page render (the cart area sets res.locals.cartCount). */
  pageLocals?: (req: import('express').Request, res: import('express').Response) => Promise<void>;
  /** The card payment provider (checkout builds it from the config; tests read the offline sandbox). */
  payments?: PaymentProvider;
};
