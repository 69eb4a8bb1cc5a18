/**
 * Instructional editor writes: an instructional with its steps and tools is saved in one
 * transaction, audited, and the product pages' cache is told (INSTRUCTIONALS_CHANNEL).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Notifier } from '../../db/notify.ts';
import { instructionals, instructionalSteps, instructionalTools, tools } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../domain/errors.ts';
import { lintHtml } from '../../domain/html-lint.ts';
import { slugify } from '../../domain/slug.ts';
import { audit } from '../audit/index.ts';
import { existingToolIds, productByStockcode } from './queries.ts';
import type { InstructionalInput } from './schemas.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export const INSTRUCTIONALS_CHANNEL = 'instructionals';

export class InstructionalService {
  constructor(
    private readonly db: Db,
    private readonly events: Notifier,
  ) {}

  /** Creates (id undefined) or replaces an instructional; returns its id. */
  async save(input: InstructionalInput, userId: number, id?: number): Promise<number> {
    const fields: Record<string, string> = {};
    for (const [name, html] of [['body', input.body], ...input.steps.map((s, i) => [`steps.${i}.body`, s.body])] as [
      string,
      string,
    ][]) {
      const lint = lintHtml(html);
      if (lint.length) fields[name] = lint[0];
    }
    const steps = input.steps.filter((s) => !s.remove && (s.title || s.body || s.image));
    steps.forEach((s) => {
      if (!s.title) fields[`steps.${input.steps.indexOf(s)}.title`] = 'A step needs a title.';
    });
    const product = input.product ? await productByStockcode(this.db, input.product) : undefined;
    if (input.product && !product) fields.product = 'No product has that stock code.';
    const toolIds = [...new Set(input.tools)];
    if ((await existingToolIds(this.db, toolIds)).length !== toolIds.length) fields.tools = 'Unknown tool.';
    if (Object.keys(fields).length) throw invalid(Object.values(fields)[0], fields);

    const slug = input.slug || slugify(input.title) || `instructional-${Date.now().toString(36)}`;
    const values = {
      title: input.title,
      slug,
      body: input.body,
      videoUrl: input.video_url || null,
      productId: product?.id ?? null,
      published: input.published,
    };
    try {
      const savedId = await this.db.transaction(async (tx) => {
        let rowId = id;
        if (rowId === undefined) {
          [{ id: rowId }] = await tx
            .insert(instructionals)
            .values({ ...values, createdBy: userId })
            .returning({ id: instructionals.id });
        } else {
          const done = await tx
            .update(instructionals)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(instructionals.id, rowId))
            .returning({ id: instructionals.id });
          if (!done.length) throw notFound('No such instructional.');
          await tx.delete(instructionalSteps).where(eq(instructionalSteps.instructionalId, rowId));
          await tx.delete(instructionalTools).where(eq(instructionalTools.instructionalId, rowId));
        }
        if (steps.length) {
          await tx.insert(instructionalSteps).values(
            steps.map((s, sort) => ({
              instructionalId: rowId!,
              sort,
              title: s.title,
              body: s.body,
              imageUrl: s.image || null,
              imageAlt: s.alt,
            })),
          );
        }
        if (toolIds.length)
          await tx
            .insert(instructionalTools)
            .values(toolIds.map((toolId, sort) => ({ instructionalId: rowId!, toolId, sort })));
        await audit(tx, {
          action: id ? 'instructional.update' : 'instructional.create',
          entity: 'instructional',
          entityId: rowId,
          userId,
          message: `${id ? 'Updated' : 'Created'} instructional "${input.title}"`,
        });
        return rowId;
      });
      await this.events.notify(INSTRUCTIONALS_CHANNEL, String(savedId));
      return savedId;
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict('Another instructional already uses that slug.', { slug: 'Already used.' });
      throw err;
    }
  }

  async setVideo(id: number, url: string, userId: number) {
    await this.db.transaction(async (tx) => {
      const done = await tx
        .update(instructionals)
        .set({ videoUrl: url || null, updatedAt: sql`now()` })
        .where(eq(instructionals.id, id))
        .returning({ id: instructionals.id });
      if (!done.length) throw notFound('No such instructional.');
      await audit(tx, {
        action: 'instructional.video',
        entity: 'instructional',
        entityId: id,
        userId,
        message: url ? `Video set to ${url}` : 'Video removed',
      });
    });
    await this.events.notify(INSTRUCTIONALS_CHANNEL, String(id));
  }

  async addTool(db: DbOrTx, input: { name: string; description: string }, userId: number) {
    try {
      const [t] = await db.insert(tools).values(input).returning({ id: tools.id });
      await audit(db, {
        action: 'tool.create',
        entity: 'tool',
        entityId: t.id,
        userId,
        message: `Added tool "${input.name}"`,
      });
      return t.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('A tool with that name already exists.', { name: 'Already exists.' });
      throw err;
    }
  }
}
