/** The product editor island's props, shared by the island and its state hook. */
import type { MediaChoice } from '../../src/domain/media-picker.ts';
import type { ProductEditorData } from '../../src/domain/product-editor.ts';

export type Props = {
  base: string;
  locale: string;
  data: ProductEditorData;
  refData: {
    channels: {
      id: number;
      code: string;
      name: string;
      currency: string;
      midMarketRate: string;
      warehouseIds: number[];
    }[];
    warehouses: { id: number; code: string; name: string }[];
    distributors: { id: number; name: string; organisationId: number | null; warehouseIds: number[] }[];
    countries: { code: string; name: string }[];
    categories: { id: number; parentId: number | null; name: string; slug: string }[];
  };
  distributorAmount: number;
  /** The media library's newest images, for the picker. */
  media: MediaChoice[];
  hitMax: boolean;
  labels: Record<string, string>;
};

export type Errors = Record<string, string>;

/** What the relation groups (channels, distributors) read of the reference data. */
export type RelationsRef = {
  channels: Props['refData']['channels'];
  warehouses: Props['refData']['warehouses'];
  distributors: { id: number; name: string; warehouseIds: number[] }[];
};
