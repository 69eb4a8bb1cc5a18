/**
 * The sectioned landing page's rules (spec §4 "Landing page", §9), shared by the page's script
 * (islands/behaviours/landing.ts) and its tests.
 */
import { VIDEO_VIEWPORT_TOLERANCE_PX } from './constants.ts';

export type MenuColour = 'grey' | 'white';

/** Spec §4: the menu is grey over a section flagged dark, white otherwise. */
export const menuColour = (sectionDark: boolean): MenuColour => (sectionDark ? 'grey' : 'white');

/**
 * Spec §4, §9: a video plays while any part of it is within 350 px of the viewport (above or
 * below it) and pauses outside. `top`/`bottom` are the element's viewport coordinates.
 */
export function videoNearViewport(
  rect: { top: number; bottom: number },
  viewportHeight: number,
  tolerance = VIDEO_VIEWPORT_TOLERANCE_PX,
): boolean {
  return rect.bottom > -tolerance && rect.top < viewportHeight + tolerance;
}
