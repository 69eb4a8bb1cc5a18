/**
 * Header picker for the locale (a link to the same page under another prefix) and the sales
 * channel (spec §7 'Channel and cart': POST /{locale}/channel/{channel} with body country; 200
 * reloads, another status alerts its status text, a failed request alerts 'An error occurred').
 *
 * The pattern every island copies: export Props (plain JSON, built by the server's view-model),
 * default-export the component, no window/document access outside handlers and effects.
 */
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { showAlert } from './lib/alerts.ts';
import { isAppRequestError, request } from './lib/request.ts';
import { statusText, text } from './lib/text.ts';

export type Props = {
  locale: string;
  locales: { code: string; label: string; href: string }[];
  channel: string;
  /** `country`: the country code sent when switching to this channel (else Props.country). */
  channels: { code: string; label: string; currency: string; country?: string }[];
  country?: string;
  /** Translated interface text; English by default. */
  labels?: { locale?: string; channel?: string; busy?: string };
};

/**
 * Acting on `change` is right for pointer and touch, but on Windows and Linux arrowing through
 * a closed <select> fires `change` on every key press (WCAG 3.2.2). Keyboard changes are
 * therefore committed on Enter or when focus leaves the select.
 */
function useCommitOnChange(current: string, commit: (value: string) => void) {
  const [value, setValue] = useState(current);
  const keyed = useRef(false);
  const settle = (next: string) => {
    keyed.current = false;
    if (next !== current) commit(next);
  };
  return {
    value,
    setValue,
    onChange: (e: ChangeEvent<HTMLSelectElement>) => {
      setValue(e.currentTarget.value);
      if (!keyed.current) settle(e.currentTarget.value);
    },
    onKeyDown: (e: KeyboardEvent<HTMLSelectElement>) => {
      const opensPopup = e.key === ' ' || e.key === 'F4' || (e.altKey && e.key.startsWith('Arrow'));
      if (e.key === 'Enter') settle(e.currentTarget.value);
      else if (opensPopup) keyed.current = false;
      else if (
        e.key.startsWith('Arrow') ||
        e.key.startsWith('Page') ||
        e.key === 'Home' ||
        e.key === 'End' ||
        e.key.length === 1
      ) {
        keyed.current = true;
      }
    },
    onBlur: (e: { currentTarget: HTMLSelectElement }) => {
      if (keyed.current) settle(e.currentTarget.value);
    },
  };
}

export default function LocaleChannelPicker({ locale, locales, channel, channels, country, labels = {} }: Props) {
  const [busy, setBusy] = useState(false);

  const localeField = useCommitOnChange(locale, (code) => {
    const target = locales.find((l) => l.code === code);
    if (target) window.location.assign(target.href);
  });

  const channelField = useCommitOnChange(channel, async (code) => {
    const target = channels.find((c) => c.code === code);
    setBusy(true);
    try {
      await request('POST', `/${encodeURIComponent(locale)}/channel/${encodeURIComponent(code)}`, {
        country: target?.country ?? country,
      });
      window.location.reload(); // stays busy until the page goes
    } catch (err) {
      setBusy(false);
      channelField.setValue(channel);
      showAlert(isAppRequestError(err) ? statusText(err.status) : text('genericError'), 'error');
    }
  });

  return (
    <div className="picker locale-channel-picker" data-testid="locale-channel-picker">
      <label className="picker__field">
        <span className="picker__label visually-hidden">{labels.locale ?? text('language')}</span>
        <select
          className="picker__select"
          name="locale"
          data-testid="locale-select"
          value={localeField.value}
          onChange={localeField.onChange}
          onKeyDown={localeField.onKeyDown}
          onBlur={localeField.onBlur}
        >
          {locales.map((l) => (
            <option key={l.code} value={l.code} data-href={l.href}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      <label className="picker__field" aria-busy={busy || undefined}>
        <span className="picker__label visually-hidden">{labels.channel ?? text('channel')}</span>
        <select
          className="picker__select"
          name="channel"
          data-url={`/${encodeURIComponent(locale)}/channel/`}
          data-testid="channel-select"
          value={channelField.value}
          disabled={busy}
          onChange={channelField.onChange}
          onKeyDown={channelField.onKeyDown}
          onBlur={channelField.onBlur}
        >
          {channels.map((c) => (
            <option key={c.code} value={c.code} data-country={c.country ?? country}>
              {`${c.label} (${c.currency})`}
            </option>
          ))}
        </select>
      </label>
      <span className="picker__status" role="status" data-testid="channel-status">
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">{labels.busy ?? text('switchingChannel')}</span>
          </>
        ) : null}
      </span>
    </div>
  );
}
