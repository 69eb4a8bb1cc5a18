/**
 * The sectioned landing page (spec §4 "Landing page", §9):
 * - the section most in view selects its side-menu tab;
 * - the menu is grey over sections flagged dark (data-dark), white otherwise (data-menu-colour,
 *   styled in storefront.css);
 * - the site header gets 'stuck' once scrolled past the admin header's height;
 * - videos (video[data-autoplay]) play within 350 px of the viewport and pause outside it; each
 *   says what it was last asked to do in data-state ('playing' / 'paused'), so play() and pause()
 *   are called once per change, not on every scroll frame;
 * - a scroll-to-top button shows whenever the page is scrolled at all;
 * - menu links and the button scroll smoothly (a 1000 ms / 500 ms fallback where CSS cannot).
 */
import { text } from '../lib/text.ts';
import { menuColour, videoNearViewport } from '../../src/domain/landing.ts';
import { smoothScrollTo, smoothScrollToElement } from '../lib/scroll.ts';

export default function landing(root: HTMLElement) {
  const links = [...root.querySelectorAll<HTMLAnchorElement>('.side-menu a[href^="#"]')];
  const menu = root.querySelector<HTMLElement>('.side-menu');
  const sections = links.map((a) => document.getElementById(a.hash.slice(1))).filter((s): s is HTMLElement => !!s);
  const header = document.querySelector<HTMLElement>('.site-header');
  const adminBar = document.querySelector<HTMLElement>('[data-admin-header]');
  const videos = [...document.querySelectorAll<HTMLVideoElement>('video[data-autoplay]')];

  const toTop = toTopButton(root);
  wireMenuLinks(links, header);
  document.body.append(toTop);

  const onScroll = () => {
    const y = window.scrollY;
    toTop.hidden = !(y > 0);
    header?.classList.toggle('stuck', y > (adminBar?.offsetHeight ?? 0));
    const id = sectionInView(sections, y);
    if (id) selectSection(links, menu, id);
    playNearVideos(videos);
  };
  let queued = false;
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        onScroll();
      });
    },
    { passive: true },
  );
  onScroll();
}

function toTopButton(root: HTMLElement): HTMLButtonElement {
  const toTop = document.createElement('button');
  toTop.type = 'button';
  toTop.className = 'btn btn-accent to-top';
  toTop.hidden = true;
  toTop.setAttribute('aria-label', root.dataset.toTopLabel ?? text('backToTop'));
  toTop.textContent = '↑';
  toTop.dataset.testid = 'to-top';
  toTop.addEventListener('click', () => smoothScrollTo(0));
  return toTop;
}

/** Side-menu links scroll to their section (the fallback animates where the browser cannot). */
function wireMenuLinks(links: HTMLAnchorElement[], header: HTMLElement | null) {
  for (const a of links) {
    a.addEventListener('click', (e) => {
      const target = document.getElementById(a.hash.slice(1));
      if (!target) return;
      e.preventDefault();
      smoothScrollToElement(target, (header?.offsetHeight ?? 0) + 8);
      history.replaceState(null, '', a.hash);
      target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
  }
}

/** Marks the section's menu tab, and colours the menu for the section's background. */
function selectSection(links: HTMLAnchorElement[], menu: HTMLElement | null, id: string) {
  for (const a of links) {
    if (a.hash === `#${id}`) a.setAttribute('aria-current', 'true');
    else a.removeAttribute('aria-current');
  }
  const colour = menuColour(document.getElementById(id)?.dataset.dark === 'true');
  if (menu && menu.dataset.menuColour !== colour) menu.dataset.menuColour = colour;
}

/** The section covering most of the viewport, or none when there are no sections. */
function sectionInView(sections: HTMLElement[], y: number): string | undefined {
  let best: { id: string; visible: number } | undefined;
  for (const s of sections) {
    const r = s.getBoundingClientRect();
    const visible = Math.max(0, Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0));
    if (!best || visible > best.visible) best = { id: s.id, visible };
  }
  // At the very bottom a short last section can never cover the most: it wins there.
  const atBottom = window.innerHeight + y >= document.documentElement.scrollHeight - 2;
  const last = sections[sections.length - 1];
  if (atBottom && last && last.getBoundingClientRect().top < window.innerHeight) return last.id;
  return best?.id;
}

function playNearVideos(videos: HTMLVideoElement[]) {
  for (const v of videos) {
    const near = videoNearViewport(v.getBoundingClientRect(), window.innerHeight);
    if (near && v.dataset.state !== 'playing') {
      v.dataset.state = 'playing';
      // A video that cannot play (no file, autoplay refused) keeps its poster; nothing to tell.
      void Promise.resolve(v.play()).catch(() => {});
    } else if (!near && v.dataset.state === 'playing') {
      v.dataset.state = 'paused';
      v.pause();
    }
  }
}
