/**
 * "Show parts for:" on a parts diagram: the signed-in customer's machines, the one chosen with
 * ?machine= (their own only; any other id reads as none) and what does not fit it, for the views
 * (explorer, callout list) and the explorer behaviour's props.
 */
import type { Request } from 'express';
import type { DbOrTx } from '../../db/client.ts';
import { chosenMachine, diagramFit, machinesOf, MachineQuery, type MachineRow } from '../machines/index.ts';

export type FitView = {
  machine: MachineRow;
  /** "Does not fit serial N" in the visitor's language. */
  note: string;
  calloutFits: (label: string) => boolean;
  partFits: (label: string, productId: number) => boolean;
  /** The part that replaced a dimmed one and fits the machine ("Replaced by PP-SCW"), or null. */
  replacement: (productId: number) => { productId: number; stockcode: string; text: string } | null;
  /** What a request for the same diagram adds to keep the machine ('?machine=7'). */
  query: string;
};

type Callouts = readonly { callout: string; parts: readonly { productId: number }[] }[];

/** The chosen machine's fit on the diagram, or null (not signed in, none chosen, not theirs). */
export async function fitView(
  db: DbOrTx,
  req: Request,
  diagramId: number,
  callouts: Callouts,
): Promise<FitView | null> {
  const { machine: id } = MachineQuery.parse(req.query);
  const machine = await chosenMachine(db, req.user?.id, id);
  if (!machine) return null;
  const fit = await diagramFit(db, diagramId, { modelId: machine.modelId, serial: machine.serial }, callouts);
  return {
    machine,
    note: req.t('machines.fit.no', { serial: machine.serial }),
    calloutFits: (label) => !fit.calloutMisfits.has(label),
    partFits: (label, productId) => !fit.partMisfits.has(`${label}\u0000${productId}`),
    replacement: (productId) => {
      const r = fit.replacements.get(productId);
      return r ? { ...r, text: req.t('fits.replacedBy', { code: r.stockcode }) } : null;
    },
    query: `?machine=${machine.id}`,
  };
}

/** The signed-in customer's machines for the select (none for a visitor). */
export const machinesFor = (db: DbOrTx, req: Request): Promise<MachineRow[]> =>
  req.user ? machinesOf(db, req.user.id) : Promise.resolve([]);
