/**
 * Leaving the order editor with unsaved changes asks first: a click on any link of the
 * page ("Back to order", the back-office navigation) asks with a confirm dialog; closing or
 * reloading the tab gets the browser's own "leave site?" question (beforeunload).
 */
import { useEffect, useRef } from 'react';

export function useLeaveGuard(dirty: boolean, question: string) {
  const state = useRef({ dirty, question });
  state.current = { dirty, question };
  const leaving = useRef(false);
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!state.current.dirty || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.target === '_blank' || a.getAttribute('href')?.startsWith('#')) return;
      if (!window.confirm(state.current.question)) {
        e.preventDefault();
        e.stopPropagation();
      } else {
        leaving.current = true; // asked once: the page unloading does not ask again
      }
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!state.current.dirty || leaving.current) return;
      e.preventDefault();
      e.returnValue = ''; // older browsers ask only when returnValue is set
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);
}
