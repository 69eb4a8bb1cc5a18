/**
 * The machine-down feature's public surface: an order's flag (read, written on the buyer's cart)
 * and the count of open machine-down orders. The rules themselves are in src/domain/machine-down.ts;
 * checkout's box and its shipping offer are in src/workflows/checkout/machine-down.ts.
 */
export { machineDownOf, openMachineDownCount, writeMachineDown, type MachineDownFlag } from './queries.ts';
