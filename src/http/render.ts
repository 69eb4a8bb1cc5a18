/**
 * EJS has no layouts, so a page is rendered in two steps: the view, then the
 * layout around it with the view's HTML as `body`. res.page() is what handlers call.
 */
import type { Response } from 'express';
import './page-cache/index.ts'; // res.pageCacheFill

declare global {
  namespace Express {
    interface Response {
      page(view: string, locals?: Record<string, unknown>, status?: number): Promise<void>;
    }
  }
}

export function installPage(res: Response) {
  res.page = async (view, locals = {}, status = 200) => {
    const body = await renderAsync(res, view, locals);
    let html = await renderAsync(res, (locals.layout as string | undefined) ?? 'layouts/main', { ...locals, body });
    // Staff with the translation permission: the header's 'Text on this page (N)' gets its final N.
    const finishPageText = res.locals.finishPageText as ((html: string) => string) | undefined;
    if (finishPageText) html = finishPageText(html);
    // Rendered for the page cache (src/http/page-cache): it keeps the page and answers with the visitor's parts.
    if (res.pageCacheFill) return res.pageCacheFill.finish(html, status, locals);
    res.status(status).type('html').send(html);
  };
}

function renderAsync(res: Response, view: string, locals: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) => {
    res.render(view, locals, (err: Error | null, html?: string) => (err ? reject(err) : resolve(html ?? '')));
  });
}
