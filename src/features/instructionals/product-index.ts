/**
 * Published instructionals by product, kept in memory so a product page shows its guides with no
 * query of its own. Loaded on first use; dropped whenever an instructional is saved anywhere
 * (INSTRUCTIONALS_CHANNEL through db/notify.ts, so every app process follows).
 */
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../../db/notify.ts';
import { publishedByProduct } from './queries.ts';
import { INSTRUCTIONALS_CHANNEL } from './service.ts';

export type ProductGuide = { id: number; title: string; hasVideo: boolean };

export class InstructionalIndex {
  private byProduct?: Promise<Map<number, ProductGuide[]>>;

  constructor(
    private readonly db: Db,
    events: Notifier,
  ) {
    events.on(INSTRUCTIONALS_CHANNEL, () => void (this.byProduct = undefined));
  }

  async forProduct(productId: number): Promise<ProductGuide[]> {
    this.byProduct ??= publishedByProduct(this.db).then((rows) => {
      const map = new Map<number, ProductGuide[]>();
      for (const r of rows) {
        if (r.productId == null) continue;
        const list = map.get(r.productId) ?? [];
        list.push({ id: r.id, title: r.title, hasVideo: !!r.videoUrl });
        map.set(r.productId, list);
      }
      return map;
    });
    const map = await this.byProduct.catch((err) => {
      this.byProduct = undefined;
      throw err;
    });
    return map.get(productId) ?? [];
  }
}
