/**
 * The shape of a demo product and its picture, and `P`, the short way the product lists write one.
 */

export type Art =
  | { kind: 'planter'; rows: number }
  | { kind: 'plate'; cells: number; crop: 'corn' | 'soybean' | 'sorghum' | 'sunflower' | 'cotton' | 'blank' }
  | { kind: 'blade'; notched?: boolean }
  | { kind: 'wheel'; spiked?: boolean; cleaner?: boolean }
  | {
      kind:
        | 'chain'
        | 'link'
        | 'sprocket'
        | 'shaft'
        | 'hose'
        | 'spring'
        | 'bushing'
        | 'seed-tube'
        | 'hopper-lid'
        | 'fan'
        | 'meter'
        | 'motor'
        | 'coupler'
        | 'marker'
        | 'hitch'
        | 'clevis'
        | 'pin'
        | 'brush'
        | 'wrench'
        | 'gauge'
        | 'grease-gun'
        | 'kit'
        | 'service'
        | 'warranty';
      teeth?: number;
    };

export type ProductSeed = {
  title: string;
  stockcode: string;
  price: string;
  categories: string[];
  art: Art;
  brand?: string;
  weight?: number;
  dims?: [number, number, number];
  availability?: 'in_stock' | 'out_of_stock' | 'coming_soon' | 'call';
  resupplyDate?: string;
  isKit?: boolean;
  physical?: boolean;
  nonStockLabel?: string;
  freightClass?: string;
  blurb?: string;
  coo?: string;
  /**
   * A pricing case the storefront must get right, with fixed data (no random draws, so adding one
   * never shifts the rest of the demo data): 'non-usd' is priced in CAD with no channel price rows
   * (every channel converts it); 'inactive-warehouse' has stock only in the closed warehouse.
   */
  pricingCase?: 'non-usd' | 'inactive-warehouse';
};

export const P = (
  title: string,
  stockcode: string,
  price: string,
  categories: string[],
  art: Art,
  rest: Partial<ProductSeed> = {},
): ProductSeed => ({ title, stockcode, price, categories, art, ...rest });
