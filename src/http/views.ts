/**
 * How EJS finds templates. Every include() names its template from the views root
 * (`include('/partials/header')`), which EJS resolves with `root` alone; a relative include
 * makes EJS probe the disk with existsSync on every render, even with the view cache on
 * (about 6% of a product page's CPU). test/views/includes.test.ts keeps every template absolute.
 *
 * EJS 7 no longer reads Express's 'view options', so the engine is registered with its options.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import ejs from 'ejs';

export function configureViews(app: Express, viewsDir: string, cache: boolean) {
  const options = { root: viewsDir, views: [viewsDir], cache };
  app.engine('ejs', (file: string, data: object, done: (err: Error | null, html?: string) => void) => {
    ejs.renderFile(file, data, options, (err, html) => done(err, html));
  });
  app.set('view engine', 'ejs');
  app.set('views', viewsDir);
  // Express keeps its view lookups in memory too (no stat per res.render).
  if (cache) app.enable('view cache');
}

/**
 * A partial rendered synchronously with the given locals (a page's per-visitor parts, which the
 * page cache renders per request and views print with `slot(name)`): compiled once when
 * `cache` is on, read again on each call otherwise (so `npm run dev` sees edits).
 */
export function partialRenderer(
  viewsDir: string,
  cache: boolean,
): (view: string, locals: Record<string, unknown>) => string {
  const compiled = new Map<string, ejs.TemplateFunction>();
  const compile = (view: string) => {
    const filename = path.join(viewsDir, `${view}.ejs`);
    return ejs.compile(readFileSync(filename, 'utf8'), {
      filename,
      root: viewsDir,
      views: [viewsDir],
      cache,
    }) as ejs.TemplateFunction;
  };
  return (view, locals) => {
    let fn = compiled.get(view);
    if (!fn) {
      fn = compile(view);
      if (cache) compiled.set(view, fn);
    }
    return fn(locals) as string;
  };
}
