/**
 * Fixed ids of the demo's named rows. The seed writes explicit ids, so these hold in every demo
 * database (and tests and docs may rely on them).
 */
export const ORG = { maker: 1, acme: 2, prairie: 3, northern: 4, valle: 5 } as const;
/** The contract's accounts, in the contract's order. */
export const USER = { admin: 1, staff: 2, customer: 3, buyer: 4, distributor: 5, warehouse: 6 } as const;
export const DISTRIBUTOR = { prairie: 1, greatPlains: 2 } as const;
export const WAREHOUSE = { us: 1, ca: 2, winnipeg: 3 } as const;
export const PROMOTION = { spring50: 1, parts25: 2, dealer100: 3, winter15: 4 } as const;
