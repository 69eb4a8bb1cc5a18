/**
 * Spec §3 "Other": the navigation data flag `view` (1 = visible). The storefront's main navigation
 * is visible on a wide screen (992 px and up) and, below that, only while its menu button has it open.
 */
export const NAV_FOLD_PX = 992;

export type NavView = 0 | 1;

export const navView = (wide: boolean, open: boolean): NavView => (wide || open ? 1 : 0);
