/**
 * The cores feature's public surface: what other features, workflows and the app import from it.
 *   - coreTaxAdminRoutes: the back office's core tax rules screen;
 *   - coreTaxRulesFor: the rules a ship-to's country has (domain/cores.ts coreTaxable decides).
 */
export { CORE_TAX_PATH, coreTaxAdminRoutes } from './admin-routes.ts';
export { coreTaxRulesFor, listCoreTaxRules, type CoreTaxRuleRow } from './queries.ts';
