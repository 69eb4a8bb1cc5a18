/**
 * The smooth-scroll fallback (spec §9): where the browser cannot scroll smoothly by itself, an
 * animation runs 1000 ms to an element and 500 ms to coordinates. The easing is pure (tested).
 */
import { SMOOTH_SCROLL_COORDS_MS, SMOOTH_SCROLL_ELEMENT_MS } from '../../src/domain/constants.ts';

/** easeInOutQuad position between `from` and `to` after `elapsed` of `duration` ms (ends exactly on `to`). */
export function scrollPosition(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return to;
  const t = Math.max(0, elapsed) / duration;
  const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  return from + (to - from) * eased;
}

const nativeSmooth = () => typeof document !== 'undefined' && 'scrollBehavior' in document.documentElement.style;

export function smoothScrollTo(y: number, duration = SMOOTH_SCROLL_COORDS_MS, force = false): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduce) return void window.scrollTo(0, y);
  if (nativeSmooth() && !force) return void window.scrollTo({ top: y, behavior: 'smooth' });
  const from = window.scrollY;
  const start = performance.now();
  const step = (now: number) => {
    window.scrollTo(0, scrollPosition(from, y, now - start, duration));
    if (now - start < duration) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function smoothScrollToElement(el: HTMLElement, offset = 0, force = false): void {
  const y = el.getBoundingClientRect().top + window.scrollY - offset;
  smoothScrollTo(Math.max(0, y), SMOOTH_SCROLL_ELEMENT_MS, force);
}
