/** The checkout's numbered tab list (1 Customer info, 2 Shipping, 3 Payment). */
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { tabDisabled, type CheckoutTab } from '../../src/domain/checkout.ts';
import type { Lookup } from './parts.tsx';

/**
 * WAI-ARIA tabs: the tab list is one tab stop (the current tab); Left/Right move the
 * focus over the tabs that can be opened (wrapping), Home/End to the first/last, and Enter or
 * Space opens the focused tab (manual activation: opening moves the focus to the panel's heading).
 */
const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
  const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const next =
    e.key === 'ArrowRight'
      ? (at + 1) % tabs.length
      : e.key === 'ArrowLeft'
        ? (at - 1 + tabs.length) % tabs.length
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? tabs.length - 1
            : -1;
  if (next < 0) return;
  e.preventDefault();
  tabs[next].focus();
  tabs[next].scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
};

export function CheckoutTabs({
  L,
  names,
  view,
  active,
  go,
}: {
  L: Lookup;
  names: string[];
  view: CheckoutTab;
  active: CheckoutTab;
  go: (tab: CheckoutTab, reach?: CheckoutTab) => void;
}) {
  return (
    <div role="tablist" aria-label={L('tabs')} className="checkout-tabs" onKeyDown={onTabKey}>
      {names.map((name, i) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`checkout-tab-${i}`}
          aria-controls={`checkout-panel-${i}`}
          aria-selected={view === i}
          tabIndex={view === i ? 0 : -1}
          disabled={tabDisabled(i, active)}
          className={`checkout-tab${view === i ? ' is-current' : ''}`}
          data-testid={`checkout-tab-${i}`}
          onClick={() => go(i as CheckoutTab, active)}
        >
          <span className="tab-num" aria-hidden="true">
            {i + 1}
          </span>{' '}
          {name}
        </button>
      ))}
    </div>
  );
}

/** One tab's panel, its heading focused when the tab opens. */
export function TabPanel({
  n,
  hidden,
  headingRef,
  title,
  children,
  ...rest
}: {
  n: number;
  hidden: boolean;
  headingRef: Ref<HTMLHeadingElement> | undefined;
  title: string;
  children: ReactNode;
  'aria-busy'?: boolean;
  'data-testid'?: string;
}) {
  return (
    <section
      role="tabpanel"
      id={`checkout-panel-${n}`}
      aria-labelledby={`checkout-tab-${n}`}
      hidden={hidden}
      className="card card-body stack"
      {...rest}
    >
      <h2 tabIndex={-1} ref={headingRef}>
        {title}
      </h2>
      {children}
    </section>
  );
}
