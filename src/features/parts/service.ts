/**
 * The parts explorer's rules: a diagram's callouts (one rectangle per label, one or more parts
 * under it), each part priced and stocked for the shopper's channel by the catalog's rules,
 * and the staff's callout edits (audited). Never sees req.
 */
import { fromCents } from '../../domain/money.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { backorderShipDays, utcDay } from '../../db/queries/back-order.ts';
import { audit } from '../audit/index.ts';
import { availabilityBadge, type Badge, type PriceChannel } from '../catalog/index.ts';
import { channelPriceCents } from '../../domain/pricing.ts';
import {
  componentsOf,
  deleteComponent,
  seedPlateIds,
  findDiagram,
  insertComponent,
  listDiagrams,
  moveCallout,
  partsByIds,
  productIdByCode,
  updateComponent,
  whereUsed,
  type ComponentRow,
  type DiagramRow,
  type PartRow,
} from './queries.ts';
import type { ComponentBody, MoveBody } from './schemas.ts';

export type Part = {
  productId: number;
  componentId: number;
  title: string;
  stockcode: string;
  image: string | null;
  /** Decimal string in the channel currency, for res.locals.money(). */
  price: string;
  badge: Badge;
  /** Listed (status 0) and the add-to-cart rule allows it. */
  buyable: boolean;
  /** Quantity per assembly. */
  quantity: number;
};

export type Callout = { callout: string; x1: number; y1: number; x2: number; y2: number; parts: Part[] };

export type Explorer = { diagram: DiagramRow; callouts: Callout[]; components: ComponentRow[] };

/** Natural order of labels: '2' before '10', 'A' after '9'. */
export const compareCallouts = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

function toPart(row: PartRow, c: ComponentRow, ch: PriceChannel, now: Date): Part {
  const cents = channelPriceCents(row, ch);
  const badge = availabilityBadge(row, cents, now);
  const buyable = row.status === 0 && !['out_of_stock', 'coming_soon', 'call', 'price'].includes(badge.kind);
  return {
    productId: row.id,
    componentId: c.id,
    title: row.title,
    stockcode: row.stockcode,
    image: row.image,
    price: fromCents(cents),
    badge,
    buyable,
    quantity: c.quantity,
  };
}

/** Groups component rows by callout label; the first row's rectangle is the callout's. */
export function groupCallouts(
  components: readonly ComponentRow[],
  parts: ReadonlyMap<number, PartRow>,
  ch: PriceChannel,
  now: Date,
): Callout[] {
  const byLabel = new Map<string, Callout>();
  for (const c of components) {
    let callout = byLabel.get(c.callout);
    if (!callout) {
      callout = {
        callout: c.callout,
        x1: Number(c.x1),
        y1: Number(c.y1),
        x2: Number(c.x2),
        y2: Number(c.y2),
        parts: [],
      };
      byLabel.set(c.callout, callout);
    }
    const row = parts.get(c.productId);
    if (row) callout.parts.push(toPart(row, c, ch, now));
  }
  return [...byLabel.values()].sort((a, b) => compareCallouts(a.callout, b.callout));
}

export async function loadExplorer(db: DbOrTx, diagramId: number, ch: PriceChannel, now: Date): Promise<Explorer> {
  const [diagram, components] = await Promise.all([findDiagram(db, diagramId), componentsOf(db, diagramId)]);
  if (!diagram) throw notFound('That parts diagram does not exist.');
  const parts = await partsByIds(db, ch, [...new Set(components.map((c) => c.productId))]);
  const byId = new Map(parts.map((p) => [p.id, p]));
  return { diagram, components, callouts: groupCallouts(components, byId, ch, now) };
}

export async function loadCallout(db: DbOrTx, diagramId: number, label: string, ch: PriceChannel, now: Date) {
  const explorer = await loadExplorer(db, diagramId, ch, now);
  const callout = explorer.callouts.find((c) => c.callout === label);
  if (!callout) throw notFound('That callout is not on this diagram.');
  return { diagram: explorer.diagram, callout };
}

/** A description as plain text: tags become spaces, runs of space one. */
export const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export async function loadPart(db: DbOrTx, diagramId: number, productId: number, ch: PriceChannel, now: Date) {
  const [diagram, components] = await Promise.all([findDiagram(db, diagramId), componentsOf(db, diagramId)]);
  if (!diagram) throw notFound('That parts diagram does not exist.');
  const component = components.find((c) => c.productId === productId);
  if (!component) throw notFound('That part is not on this diagram.');
  const [[row], used] = await Promise.all([partsByIds(db, ch, [productId]), whereUsed(db, productId, diagramId)]);
  if (!row) throw notFound('That part is not on this diagram.');
  const callouts = [...new Set(components.filter((c) => c.productId === productId).map((c) => c.callout))];
  // The pop-up shows a plain-text excerpt; the product page renders the full description.
  const description = plainText(row.description);
  const part = toPart(row, component, ch, now);
  // A back-ordered part says when it is expected to ship, as its product page does.
  const shipOn =
    part.badge.kind === 'backorder'
      ? ((await backorderShipDays(db, [productId], now)).get(productId) ?? null)
      : undefined;
  const backorder = shipOn === undefined ? null : { shipOn, today: utcDay(now) };
  return { diagram, part, description, callouts, whereUsed: used, backorder };
}

export async function diagramIndex(db: DbOrTx, q: string) {
  const terms = q
    .split(/\s+/)
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 8);
  return listDiagrams(db, terms);
}

// ---- staff edits ------------------------------------------------------------------------------

async function resolveProduct(db: DbOrTx, stockcode: string): Promise<number> {
  const id = await productIdByCode(db, stockcode);
  if (!id) throw invalid('No product has that stock code.', { stockcode: 'No product has that stock code.' });
  return id;
}

function inside(d: DiagramRow, r: { x1: number; y1: number; x2: number; y2: number }) {
  if (r.x2 > d.width || r.y2 > d.height) {
    const message = `The rectangle must stay inside the diagram (${d.width} × ${d.height}).`;
    throw invalid(message, { x2: message });
  }
}

export async function addComponent(db: Db, diagramId: number, body: ComponentBody, userId: number) {
  return db.transaction(async (tx) => {
    const diagram = await findDiagram(tx, diagramId);
    if (!diagram) throw notFound('That parts diagram does not exist.');
    inside(diagram, body);
    const productId = await resolveProduct(tx, body.stockcode);
    const id = await insertComponent(tx, diagramId, { ...body, productId });
    await audit(tx, {
      action: 'diagram.component.create',
      entity: 'diagram',
      entityId: diagramId,
      userId,
      message: `Callout ${body.callout}: ${body.stockcode} linked`,
      data: { componentId: id, ...body },
    });
    return id;
  });
}

export async function editComponent(
  db: Db,
  diagramId: number,
  componentId: number,
  body: ComponentBody,
  userId: number,
) {
  return db.transaction(async (tx) => {
    const diagram = await findDiagram(tx, diagramId);
    if (!diagram) throw notFound('That parts diagram does not exist.');
    inside(diagram, body);
    const productId = await resolveProduct(tx, body.stockcode);
    const rows = await updateComponent(tx, diagramId, componentId, { ...body, productId });
    if (!rows.length) throw notFound('That callout part does not exist.');
    await audit(tx, {
      action: 'diagram.component.update',
      entity: 'diagram',
      entityId: diagramId,
      userId,
      message: `Callout ${body.callout}: ${body.stockcode} updated`,
      data: { componentId, ...body },
    });
  });
}

export async function moveComponentCallout(db: Db, diagramId: number, body: MoveBody, userId: number) {
  return db.transaction(async (tx) => {
    const diagram = await findDiagram(tx, diagramId);
    if (!diagram) throw notFound('That parts diagram does not exist.');
    inside(diagram, body);
    const rows = await moveCallout(tx, diagramId, body.callout, body);
    if (!rows.length) throw notFound('That callout is not on this diagram.');
    await audit(tx, {
      action: 'diagram.callout.move',
      entity: 'diagram',
      entityId: diagramId,
      userId,
      message: `Callout ${body.callout} moved`,
      data: { ...body },
    });
    return rows.length;
  });
}

export async function removeComponent(db: Db, diagramId: number, componentId: number, userId: number) {
  return db.transaction(async (tx) => {
    const [row] = await deleteComponent(tx, diagramId, componentId);
    if (!row) throw notFound('That callout part does not exist.');
    await audit(tx, {
      action: 'diagram.component.delete',
      entity: 'diagram',
      entityId: diagramId,
      userId,
      message: `Callout ${row.callout}: part ${row.productId} removed`,
      data: { componentId },
    });
  });
}

/** The seed plate calculator's plates, priced for the channel (buyable by the catalog's rule). */
export async function seedPlates(db: DbOrTx, ch: PriceChannel, now: Date) {
  const rows = await partsByIds(db, ch, await seedPlateIds(db));
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ row, part: toPart(row, { id: 0, quantity: 1 } as ComponentRow, ch, now) }));
}
