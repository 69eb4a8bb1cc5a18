/**
 * The CRM action link helper's rule (spec §7 "Location and dealers", last two bullets), pure so it
 * is tested without a browser: a link `<a href data-crm-action="put|delete" [data-primary]
 * [data-message]>` becomes a POST to its href with `_method`, the token and (for put) the primary
 * flag. A delete needs the user's confirmation with the link's message first.
 */
import { text } from './text.ts';

/** params: extra body fields from the link's data-param-* attributes (e.g. data-param-status). */
export type CrmLink = {
  href: string;
  action?: string;
  primary?: string;
  message?: string;
  params?: Record<string, string>;
};
export type CrmRequest = { url: string; body: Record<string, string>; confirm: string | null };

export function crmActionRequest(link: CrmLink, token: string): CrmRequest | null {
  const action = (link.action ?? '').toLowerCase();
  if (!link.href || (action !== 'put' && action !== 'delete')) return null;
  const body: Record<string, string> = { ...link.params, _method: action };
  if (token) body._csrf = token;
  if (action === 'put') {
    body.primary =
      link.primary === undefined || link.primary === '' || link.primary === 'true' || link.primary === '1' ? '1' : '0';
    return { url: link.href, body, confirm: null };
  }
  return { url: link.href, body, confirm: link.message?.trim() || text('confirm') };
}

/**
 * Table rows as links: a click anywhere on a `tr[data-href]` that is not on a control of its own
 * (link, button, input, label, select) follows the row's link. Returns where to go, or null.
 */
export function rowLinkTarget(
  row: { href?: string },
  clicked: { tagName: string; closestInteractive: boolean },
  selectionEmpty: boolean,
): string | null {
  if (!row.href) return null;
  if (clicked.closestInteractive) return null;
  if (!selectionEmpty) return null; // the user is selecting text, not navigating
  return row.href;
}
