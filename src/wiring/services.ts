/**
 * The services every router is built with: the read model and its caches, the page cache, and how
 * a write heard through LISTEN/NOTIFY empties them. Built once per app by src/app.ts.
 */
import path from 'node:path';
import { ChannelCache } from '../features/channels/index.ts';
import { ReadModel } from '../db/read-model.ts';
import { catalogReadModel, STOCK_TTL_MS } from '../features/catalog/index.ts';
import type { Deps, Services } from '../services.ts';
import { AuthService } from '../features/auth/index.ts';
import { DEMO_PASSWORD } from '../db/seed/index.ts';
import { partialRenderer } from '../http/views.ts';
import { LISTING_TAG, PageCache, productTag } from '../http/page-cache/index.ts';
import { cartHooks } from '../features/cart/index.ts';
import { catalogTextCache, pageTextLocals } from '../features/translations/index.ts';

/** What the channel list (every page's) is read from. */
const CHANNEL_TABLES = ['channels', 'currencies', 'channel_countries', 'countries'];
/** Tables that change who is signed in and what they may do, never what a cached page reads (a sign-in writes users). */
const USER_TABLES = ['users', 'role_permissions', 'user_permissions', 'organisation_permissions'];
/** Tables whose data_change notification names the products written (migration 0030). */
const PRODUCT_TABLES = ['products', 'channel_prices', 'product_options', 'product_categories'];

/** The page cache, emptied by tag when products are written and whole for any other storefront table. */
function pageCacheFor(deps: Deps, readModel: ReadModel, channels: ChannelCache, views: string, sessionCookie: string) {
  const pageCache = new PageCache({
    renderPartial: partialRenderer(views, deps.config.env !== 'development'),
    ttlMs: STOCK_TTL_MS,
    sessionCookie,
    cookieSecret: deps.config.sessionSecret,
  });
  readModel.onChange((table, ids) => {
    if (table === null || CHANNEL_TABLES.includes(table)) channels.invalidate();
    // A write to products' own rows naming them: those products' pages, the pages showing them and
    // the listings, not every page.
    if (table !== null && ids?.length && PRODUCT_TABLES.includes(table))
      pageCache.invalidateTags([LISTING_TAG, ...ids.map(productTag)]);
    // Any other write but to users and permissions may change a storefront page (catalogue, channels,
    // shipping…); a sign-in (users.last_login_at) empties nothing.
    else if (table === null || !USER_TABLES.includes(table)) pageCache.invalidate();
  });
  // Interface text saved, instructionals changed…: once this process has reloaded them.
  deps.events.afterDispatch(() => pageCache.invalidate());
  return pageCache;
}

/** The app's services over `deps`; `views` is the templates' folder (the page cache renders its partials). */
export function buildServices(deps: Deps, views: string, sessionCookie: string): Services {
  const db = deps.database.db;
  const readModel = new ReadModel();
  const channels = new ChannelCache(db);
  const services: Services = {
    ...deps,
    db,
    channels,
    // In production the demo password opens nothing unless the demo data was asked for (SEED=demo).
    auth: new AuthService(db, deps.mailer, {
      refusedPassword: deps.config.env === 'production' && deps.config.seed !== 'demo' ? DEMO_PASSWORD : undefined,
    }),
    readModel,
    pageCache: pageCacheFor(deps, readModel, channels, path.resolve(views), sessionCookie),
    users: readModel.cache('users', { tables: USER_TABLES, max: 10_000 }),
    catalog: catalogReadModel(readModel),
    catalogText: catalogTextCache(readModel, db),
  };
  // Hooks other areas call, wired here explicitly (no router installs them as a side effect).
  Object.assign(services, cartHooks(services));
  // Edit links and the recording `t` for translators on every page (the translations area).
  services.pageText = pageTextLocals;
  // Every page's header names the channels: catalogue text for the page's locale, read
  // when the view renders (the locale is the one the page ends up in), from the read model.
  const cartLocals = services.pageLocals;
  services.pageLocals = async (req, res) => {
    await cartLocals?.(req, res);
    const texts = await services.catalogText.all();
    res.locals.catalogName = (field: string, english: string) =>
      texts.lookup(String(res.locals.locale), field) ?? english;
  };
  return services;
}
