/** The demo catalogue's configurable options (DEMO-CONFIG and others) and their rows. */
import { eq } from 'drizzle-orm';
import { optionChoices, productOptions } from '../schema/index.ts';
import { toCents } from '../../domain/money.ts';
import { insertMany, type SeedTx } from './util.ts';

type ChoiceSeed = {
  name: string;
  value: string;
  price: string;
  discountPrice?: string;
  isDefault?: boolean;
  children?: OptionSeed[];
};
type OptionSeed = { name: string; type: 0 | 1; required: boolean; position: number; choices: ChoiceSeed[] };

/**
 * DEMO-CONFIG: 'Row count' → choosing '8 rows' reveals the child option 'Row unit spacing'
 * (its parent_choice_id is the '8 rows' choice); 'Extra seed plates' is option type 1, so each of
 * its choices takes a quantity 0..35.
 */
const OPTIONS: Record<string, OptionSeed[]> = {
  'DEMO-CONFIG': [
    {
      name: 'Row count',
      type: 0,
      required: true,
      position: 1,
      choices: [
        { name: '4 rows', value: '4', price: '0.00', isDefault: true },
        { name: '6 rows', value: '6', price: '2450.00', discountPrice: '2200.00' },
        {
          name: '8 rows',
          value: '8',
          price: '4900.00',
          children: [
            {
              name: 'Row unit spacing',
              type: 0,
              required: true,
              position: 2,
              choices: [
                { name: '30 in', value: '30', price: '0.00', isDefault: true },
                { name: '36 in', value: '36', price: '350.00' },
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'Hitch',
      type: 0,
      required: true,
      position: 3,
      choices: [
        { name: 'Category II 3-point', value: 'C2', price: '0.00', isDefault: true },
        { name: 'Drawbar pull-type', value: 'DB', price: '780.00' },
      ],
    },
    {
      name: 'Extra seed plates',
      type: 1,
      required: false,
      position: 4,
      choices: [
        { name: 'Corn 30-cell', value: '1', price: '38.50', isDefault: true },
        { name: 'Soybean 60-cell', value: '2', price: '36.00' },
        { name: 'Sorghum 48-cell', value: '3', price: '36.00' },
      ],
    },
  ],
  'PP-GWA-16': [
    {
      name: 'Tire',
      type: 0,
      required: true,
      position: 1,
      choices: [
        { name: 'Standard rubber', value: 'S', price: '0.00', isDefault: true },
        { name: 'Heavy-duty semi-pneumatic', value: 'HD', price: '24.00' },
      ],
    },
  ],
};

export type ChoiceRef = {
  id: number;
  optionId: number;
  name: string;
  value: string;
  priceCents: number;
  optionType: 0 | 1;
  children: OptionRef[];
};
export type OptionRef = { id: number; name: string; type: 0 | 1; required: boolean; choices: ChoiceRef[] };
/** Writes the options of every product that has some, and sets each product's option refs. */
export async function seedOptions(tx: SeedTx, refs: Map<string, { id: number; options: OptionRef[] }>): Promise<void> {
  const optionRows: (typeof productOptions.$inferInsert)[] = [];
  const choiceRows: (typeof optionChoices.$inferInsert)[] = [];
  const walk = (productId: number, list: OptionSeed[], parentChoiceId: number | null): OptionRef[] =>
    list.map((o, sort) => {
      const id = optionRows.length + 1;
      optionRows.push({
        id,
        productId,
        parentChoiceId,
        name: o.name,
        optionType: o.type,
        sort,
        required: o.required,
        stockCodePosition: o.position,
      });
      const ref: OptionRef = { id, name: o.name, type: o.type, required: o.required, choices: [] };
      o.choices.forEach((c, k) => {
        const choiceId = choiceRows.length + 1;
        choiceRows.push({
          id: choiceId,
          optionId: id,
          name: c.name,
          stockCodeValue: c.value,
          price: c.price,
          discountPrice: c.discountPrice ?? null,
          isDefault: c.isDefault ?? false,
          sort: k,
        });
        const choice: ChoiceRef = {
          id: choiceId,
          optionId: id,
          name: c.name,
          value: c.value,
          priceCents: toCents(c.price),
          optionType: o.type,
          children: [],
        };
        ref.choices.push(choice);
        if (c.children) choice.children = walk(productId, c.children, choiceId);
      });
      return ref;
    });
  for (const [stockcode, list] of Object.entries(OPTIONS)) {
    const ref = refs.get(stockcode)!;
    ref.options = walk(ref.id, list, null);
  }
  // Choices first: a child option row points at its parent choice.
  await insertMany(
    tx,
    productOptions,
    optionRows.map((o) => ({ ...o, parentChoiceId: null })),
  );
  await insertMany(tx, optionChoices, choiceRows);
  for (const o of optionRows.filter((r) => r.parentChoiceId !== null)) {
    await tx.update(productOptions).set({ parentChoiceId: o.parentChoiceId }).where(eq(productOptions.id, o.id!));
  }
}
