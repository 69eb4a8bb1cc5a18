/**
 * CRM action links inside an element (spec §7): `a[data-crm-action="put|delete"]` posts to its
 * href with `_method` and the token (put also sends the primary flag); delete asks first with
 * the link's data-message. The page reloads after success; errors show as alerts.
 */
import { shownMessages } from '../lib/errors.ts';
import { showAlert } from '../lib/alerts.ts';
import { csrfToken } from '../lib/dom.ts';
import { crmActionRequest } from '../lib/crm-action.ts';
import { request } from '../lib/request.ts';

export default function crmActions(root: HTMLElement): void {
  root.addEventListener('click', async (event) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-crm-action]');
    if (!link || !root.contains(link)) return;
    const req = crmActionRequest(
      {
        href: link.getAttribute('href') ?? '',
        action: link.dataset.crmAction,
        primary: link.dataset.primary,
        message: link.dataset.message,
        params: paramsOf(link),
      },
      csrfToken(),
    );
    if (!req) return;
    event.preventDefault();
    if (req.confirm !== null && !window.confirm(req.confirm)) return;
    link.setAttribute('aria-disabled', 'true');
    try {
      await request('POST', req.url, req.body);
      location.reload();
    } catch (err) {
      link.removeAttribute('aria-disabled');
      for (const m of shownMessages(err)) showAlert(m, 'error');
    }
  });
}

/** data-param-status="x" → {status: 'x'} */
function paramsOf(link: HTMLElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(link.dataset)) {
    if (k.startsWith('param') && k.length > 5 && v !== undefined) out[k[5].toLowerCase() + k.slice(6)] = v;
  }
  return out;
}
