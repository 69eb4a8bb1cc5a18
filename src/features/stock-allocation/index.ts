/**
 * Stock allocation's public surface: staff hand a part's free stock at a warehouse to the open
 * orders waiting for it, machine-down orders first (src/domain/machine-down.ts).
 */
export { stockAllocationRoute } from './routes.ts';
export { allocateWaiting, allocationWarehouses, type AllocationResult } from './service.ts';
