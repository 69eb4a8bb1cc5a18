/** The product editor's option tree: storing the options and choices a save sends. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { lineItemOptions, optionChoices, productOptions } from '../../db/schema/index.ts';
import { conflict } from '../../domain/errors.ts';
import type { EditorOption } from '../../domain/product-editor.ts';

/** Creates or updates every option and choice of the tree by id; removes the ones left out. */
type OptionIds = { options: Set<number>; choices: Set<number> };

/** The ids of the product's options and choices as stored now. */
async function storedOptionIds(tx: DbOrTx, productId: number): Promise<OptionIds> {
  const options = new Set(
    (
      await tx.select({ id: productOptions.id }).from(productOptions).where(eq(productOptions.productId, productId))
    ).map((r) => r.id),
  );
  const choices = new Set(
    (
      await tx
        .select({ id: optionChoices.id })
        .from(optionChoices)
        .innerJoin(productOptions, eq(productOptions.id, optionChoices.optionId))
        .where(eq(productOptions.productId, productId))
    ).map((r) => r.id),
  );
  return { options, choices };
}

/** Writes the editor's option tree (updating the stored ids it still has, inserting the rest); returns the ids kept. */
async function writeOptionTree(tx: DbOrTx, productId: number, tree: EditorOption[], existing: OptionIds) {
  const kept = { options: [] as number[], choices: [] as number[] };
  const write = async (list: EditorOption[], parentChoiceId: number | null) => {
    for (const [sort, o] of list.entries()) {
      const values = {
        productId,
        parentChoiceId,
        name: o.name,
        optionType: o.option_type,
        sort,
        required: o.required,
        stockCodePosition: o.stock_code_position,
      };
      let optionId: number;
      if (o.option_id && existing.options.has(o.option_id)) {
        optionId = o.option_id;
        await tx.update(productOptions).set(values).where(eq(productOptions.id, optionId));
      } else {
        optionId = (await tx.insert(productOptions).values(values).returning({ id: productOptions.id }))[0].id;
      }
      kept.options.push(optionId);
      for (const [csort, c] of o.choices.entries()) {
        const cv = {
          optionId,
          name: c.name,
          stockCodeValue: c.stock_code_value,
          price: c.price,
          discountPrice: c.discount_price,
          isDefault: c.is_default,
          sort: csort,
        };
        let choiceId: number;
        if (c.choice_id && existing.choices.has(c.choice_id)) {
          choiceId = c.choice_id;
          await tx.update(optionChoices).set(cv).where(eq(optionChoices.id, choiceId));
        } else {
          choiceId = (await tx.insert(optionChoices).values(cv).returning({ id: optionChoices.id }))[0].id;
        }
        kept.choices.push(choiceId);
        await write(c.children, choiceId);
      }
    }
  };
  await write(tree, null);
  return kept;
}

/** Deletes the options and choices the editor removed; a choice on existing orders is refused (409). */
async function dropRemovedOptions(tx: DbOrTx, existing: OptionIds, kept: { options: number[]; choices: number[] }) {
  const dropChoices = [...existing.choices].filter((id) => !kept.choices.includes(id));
  const dropOptions = [...existing.options].filter((id) => !kept.options.includes(id));
  const dropOptionChoices = dropOptions.length
    ? (
        await tx
          .select({ id: optionChoices.id })
          .from(optionChoices)
          .where(inArray(optionChoices.optionId, dropOptions))
      ).map((r) => r.id)
    : [];
  const gone = [...new Set([...dropChoices, ...dropOptionChoices])];
  if (gone.length) {
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(lineItemOptions)
      .where(inArray(lineItemOptions.choiceId, gone));
    if (used.n > 0)
      throw conflict('A choice you removed is on existing orders; keep it (you may rename it) instead.', {
        options: 'This choice is on existing orders.',
      });
    await tx.delete(optionChoices).where(inArray(optionChoices.id, gone));
  }
  if (dropOptions.length) await tx.delete(productOptions).where(inArray(productOptions.id, dropOptions));
}

export async function syncOptions(tx: DbOrTx, productId: number, tree: EditorOption[]) {
  const existing = await storedOptionIds(tx, productId);
  const kept = await writeOptionTree(tx, productId, tree, existing);
  await dropRemovedOptions(tx, existing, kept);
}
