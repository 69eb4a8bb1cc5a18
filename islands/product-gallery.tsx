/**
 * Product image gallery: the main image and a row of thumbnails. Thumbnails are buttons (so
 * Enter and Space work) with a roving tab stop: Tab reaches the row once, the arrow keys,
 * Home and End move between images and show them at once. The alt text comes from the title.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import type { GalleryProps as Props } from '../src/domain/product-page.ts';

export type { Props };

const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

export default function ProductGallery({ title, images, labels, placeholder = '/images/placeholder.svg' }: Props) {
  const list = images.length ? images : [placeholder];
  const [index, setIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const count = list.length;
  const altOf = (i: number) => (i === 0 ? title : fill(labels.alt, { title, n: i + 1, count }));

  const go = (i: number) => {
    const next = (i + count) % count;
    setIndex(next);
    buttons.current[next]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => void> = {
      ArrowRight: () => go(index + 1),
      ArrowDown: () => go(index + 1),
      ArrowLeft: () => go(index - 1),
      ArrowUp: () => go(index - 1),
      Home: () => go(0),
      End: () => go(count - 1),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      move();
    }
  };

  return (
    <div className="gallery" data-testid="gallery">
      <div className="gallery-main">
        <img
          src={list[index]}
          alt={altOf(index)}
          width={800}
          height={600}
          fetchPriority="high"
          data-testid="gallery-main"
          data-index={index}
        />
      </div>
      {count > 1 ? (
        <div className="gallery-thumbs" role="group" aria-label={labels.gallery} onKeyDown={onKeyDown}>
          {list.map((src, i) => (
            <button
              key={src + i}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              className="gallery-thumb"
              aria-label={fill(labels.show, { n: i + 1, count })}
              aria-pressed={i === index}
              tabIndex={i === index ? 0 : -1}
              onClick={() => go(i)}
              data-testid="gallery-thumb"
            >
              <img src={src} alt="" width={120} height={90} loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
