/** The order-api feature's public surface: what other features, workflows and the app import from it. */
export { historyText, isHistoryWords } from './history-words.ts';
export type { WordsTranslate } from './history-words.ts';
export { orderLog } from './queries.ts';
export { orderApiRoutes } from './routes.ts';
export { Quantity, VERSION_REQUIRED } from './schemas.ts';
export { synchronize } from './service.ts';
export { diff, lockOrder, repriceAndSave, snapshot } from './writes.ts';
export { NO_CARD_PAYMENT, refundReturnedGoods } from './return-refund.ts';
export type { ReturnedLine } from './return-refund.ts';
export type { LockedOrder } from './writes.ts';
