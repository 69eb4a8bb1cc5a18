/**
 * Moved: the shipping rules are pure and live in src/domain/shipping.ts (imported by the rate
 * providers, the estimate and the seed). This path only re-exports them so code written against
 * it keeps compiling; import from src/domain/shipping.ts.
 */
export * from '../../domain/shipping.ts';
