/**
 * The language and channel pickers work before their island hydrates: a choice made in
 * the page's first moments used to be lost silently. Boot installs this at once; it acts only while
 * the picker's island has not hydrated (after that the island's own handlers decide, with their
 * keyboard rules). Language: the option's link. Channel: the same POST the island sends, then reload.
 */
export function installEarlyPickers(doc: Document = document): void {
  doc.addEventListener(
    'change',
    (event) => {
      const select = event.target;
      if (!(select instanceof HTMLSelectElement) || select.closest('[data-hydrated="true"]')) return;
      const option = select.selectedOptions[0];
      if (!option) return;
      if (select.name === 'locale' && option.dataset.href) {
        location.assign(option.dataset.href);
      } else if (select.name === 'channel' && select.dataset.url) {
        const token = doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
        select.disabled = true;
        void fetch(select.dataset.url + encodeURIComponent(option.value), {
          method: 'POST',
          credentials: 'same-origin',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'X-Requested-With': 'XMLHttpRequest',
            'X-CSRF-Token': token,
          },
          body: JSON.stringify({ country: option.dataset.country }),
        }).then(
          (res) => {
            if (res.ok) return location.reload();
            // Refused (a cart waiting for approval keeps its channel): back to the channel the page was served in.
            select.disabled = false;
            for (const o of select.options) o.selected = o.defaultSelected;
          },
          () => {
            select.disabled = false;
          },
        );
      }
    },
    true,
  );
}
