/**
 * The product page islands' props (src/features/product/view-model.ts builds them on the server,
 * islands/product-configurator.tsx and product-gallery.tsx render them): shared shapes, so they
 * live here, not in the island files.
 */
import type { AddToCartReason, Availability } from './availability.ts';
import type { ConfigOption } from './configurator.ts';

export type ConfiguratorLabels = {
  quantity: string;
  quantityHint: string;
  optionQuantityHint: string;
  subtotal: string;
  stockCode: string;
  addToCart: string;
  adding: string;
  /** '{quantity}', '{title}' are filled in. */
  added: string;
  /** '{subtotal}' is filled in. */
  cartSubtotal: string;
  viewCart: string;
  each: string;
  /** '{name}' is filled in. */
  decrease: string;
  increase: string;
  inStock: string;
  /** Already carries the formatted resupply date. */
  shipsBy: string;
  /** Out of stock and back-ordered: already carries the expected ship day (src/domain/back-order.ts). */
  backordered?: string;
  /** The number shown (and dialled) after the call-for-availability reason. */
  phone?: string;
  reasons: Record<AddToCartReason, string>;
};

export type ConfiguratorProps = {
  locale: string;
  currency: string;
  productId: number;
  title: string;
  stockcode: string;
  /** Unit price before options, in the channel currency, in cents. */
  baseCents: number;
  options: ConfigOption[];
  availability: Availability;
  stockOnHand: number;
  /** False when stock never decides (services, made to order, drop ship): src/domain/pricing.ts tracksStock. */
  tracksStock: boolean;
  resupplyDate: string | null;
  /** Out of stock, it may still be added: back-ordered. */
  allowBackorder?: boolean;
  /** The server's clock at render time, so server render and hydration decide alike. */
  now: string;
  addUrl: string;
  cartUrl: string;
  csrfToken?: string;
  labels: ConfiguratorLabels;
};

export type GalleryProps = {
  title: string;
  images: string[];
  labels: {
    /** Name of the thumbnail group. */
    gallery: string;
    /** '{n}', '{count}' are filled in. */
    show: string;
    /** '{title}', '{n}', '{count}' are filled in: alt text of images after the first. */
    alt: string;
  };
  placeholder?: string;
};
