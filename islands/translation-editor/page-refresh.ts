/**
 * A saved translation shows on the page at once. After a save the page is fetched again
 * (same address, same session: the server decides which entry the page's locale shows, and
 * sanitises it as it always does), and the text before each edit link of the saved field is
 * replaced by the fresh page's text before the same link. Links in the page-text drawer carry no
 * text; a link whose surroundings changed shape (an island, a different structure) is left alone.
 */
const LINK = '[data-translation-key]';
const DRAWER = '[data-testid="page-text-panel"]';

/** The nodes between the previous edit link (or the parent's start) and `link`: the text it edits. */
function textBefore(link: Element): ChildNode[] {
  const out: ChildNode[] = [];
  for (let n = link.previousSibling; n && !(n instanceof Element && n.matches(LINK)); n = n.previousSibling)
    out.unshift(n);
  return out;
}

const linksOf = (root: ParentNode, field: string) =>
  [...root.querySelectorAll(`${LINK}[data-translation-key="${CSS.escape(field)}"]`)].filter((a) => !a.closest(DRAWER));

const sameShape = (a: ChildNode[], b: ChildNode[]) =>
  a.length === b.length && a.every((n, i) => n.nodeType === b[i].nodeType && n.nodeName === b[i].nodeName);
const live = (nodes: ChildNode[]) =>
  nodes.some(
    (n) =>
      n instanceof Element &&
      (n.matches('[data-island], [data-behaviour]') || n.querySelector('[data-island], [data-behaviour]')),
  );

/** Puts the page's current text for `field` in place; true when something on the page changed. */
export async function refreshPageText(field: string): Promise<boolean> {
  const here = linksOf(document, field);
  if (!here.length) return false;
  const res = await fetch(location.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
  if (!res.ok) throw new Error(`page reload for ${field}: ${res.status}`);
  const fresh = new DOMParser().parseFromString(await res.text(), 'text/html');
  const there = linksOf(fresh, field);
  let changed = false;
  here.forEach((link, i) => {
    if (!there[i]) return;
    const now = textBefore(link);
    const next = textBefore(there[i]);
    if (live(now) || live(next) || !next.length) return;
    const html = (ns: ChildNode[]) => ns.map((n) => (n instanceof Element ? n.outerHTML : n.textContent)).join('');
    if (sameShape(now, next) && html(now) === html(next)) return;
    for (const n of now) n.remove();
    link.before(...next.map((n) => document.importNode(n, true)));
    changed = true;
  });
  return changed;
}
