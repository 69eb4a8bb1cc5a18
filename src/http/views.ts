/**
 * How EJS finds templates. Every include() names its template from the views root
 * (`include('/partials/header')`), which EJS resolves with `root` alone; a relative include
 * makes EJS probe the disk with existsSync on every render, even with the view cache on
 * (about 6% of a product page's CPU). test/views/includes.test.ts keeps every template absolute.
 *
 * EJS 7 no longer reads Express's 'view options', so the engine is registered with its options.
 */
import type { Express } from 'express';
import ejs from 'ejs';

export function configureViews(app: Express, viewsDir: string, production: boolean) {
  const options = { root: viewsDir, views: [viewsDir], cache: production };
  app.engine('ejs', (file: string, data: object, done: (err: Error | null, html?: string) => void) => {
    ejs.renderFile(file, data, options, (err, html) => done(err, html));
  });
  app.set('view engine', 'ejs');
  app.set('views', viewsDir);
  // Express keeps its view lookups in memory too (no stat per res.render).
  if (production) app.enable('view cache');
}
