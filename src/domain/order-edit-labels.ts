/**
 * The order editor island's interface text: which text key each label reads. The server fills the
 * labels in the page's locale (editorLabels) and hands them to the island as props.
 */
export const EDITOR_LABEL_KEYS = {
  lines: 'oa.detail.lines', addProduct: 'oa.editor.addProduct', searchPlaceholder: 'oa.editor.searchPlaceholder', item: 'order.item', quantity: 'order.quantity',
  unitPrice: 'order.unitPrice', lineTotal: 'order.lineTotal', remove: 'oa.editor.remove', decrease: 'oa.editor.decrease', increase: 'oa.editor.increase',
  details: 'oa.editor.details', status: 'oa.filter.status', po: 'oa.detail.po', attention: 'oa.detail.attention', notes: 'oa.detail.notes',
  taxExemption: 'oa.detail.taxExempt', notExempt: 'oa.detail.notExempt', shippingMethod: 'oa.detail.shipping', noShippingMethod: 'oa.detail.noMethod',
  removeShipping: 'oa.editor.removeShipping', confirmRemoveShipping: 'oa.editor.confirmRemoveShipping', unsaved: 'oa.editor.unsaved', saved: 'oa.editor.saved',
  added: 'oa.editor.added', save: 'oa.editor.save', saving: 'oa.editor.saving', done: 'oa.editor.done',
  payment: 'oa.pay.title', payAmount: 'oa.pay.amount', checkNumber: 'oa.pay.checkNumber', distribute: 'oa.pay.distribute', assigned: 'oa.pay.assigned', assignedTotal: 'oa.pay.assignedTotal',
  paid: 'oa.detail.paid', unpaid: 'oa.detail.unpaid', record: 'oa.pay.record', recorded: 'oa.pay.recorded', remaining: 'oa.pay.remaining',
  overLine: 'oa.pay.overLine', sumMismatch: 'oa.pay.sumMismatch', saveFirst: 'oa.pay.saveFirst', payFee: 'oa.pay.fee',
  method: 'oa.pay.method', methodCheck: 'oa.pay.methodCheck', methodCard: 'oa.pay.methodCard', cardNumber: 'oa.pay.cardNumber', cardExpiry: 'oa.pay.cardExpiry', cardExpiryPlaceholder: 'oa.pay.cardExpiryPlaceholder',
  cardCvc: 'oa.pay.cardCvc', charge: 'oa.pay.charge', charging: 'oa.pay.charging', cardIncomplete: 'oa.pay.cardIncomplete',
  refundTitle: 'oa.refund.title', refundPayment: 'oa.refund.payment', refunded: 'oa.refund.refunded', refundLeft: 'oa.refund.left', refundAmount: 'oa.refund.amount',
  payments: 'oa.detail.payments', fees: 'oa.detail.fees', feePaid: 'oa.detail.feePaid', feeUnpaid: 'oa.detail.feeUnpaid', paymentOk: 'oa.payment.ok',
  paymentFailed: 'oa.payment.failed', refreshPayment: 'oa.pay.refresh', methodBank: 'pm.adminBank', checkLabel: 'oa.detail.check', cardLabel: 'oa.detail.card',
  discard: 'oa.editor.discard', confirmDiscard: 'oa.editor.confirmDiscard', confirmLeave: 'oa.editor.confirmLeave', draftNote: 'oa.editor.draftNote', discarded: 'oa.editor.discarded',
  listTotal: 'oa.editor.listTotal', merchandise: 'oa.ledger.merchandise', lineDiscount: 'oa.ledger.lineDiscount', ledgerShipping: 'oa.ledger.shipping', ledgerTax: 'oa.ledger.tax',
  ledgerTotal: 'oa.ledger.total', ledgerPaid: 'oa.ledger.paid', ledgerUnpaid: 'oa.ledger.unpaid', lineNet: 'oa.ledger.net',
  refundReason: 'oa.refund.reason', refund: 'oa.refund.button', refundConfirm: 'oa.refund.confirm', refundDone: 'oa.refund.done', refundNone: 'oa.refund.none',
} as const;

export type EditorLabels = Record<keyof typeof EDITOR_LABEL_KEYS, string>;

export function editorLabels(t: (key: string) => string): EditorLabels {
  return Object.fromEntries(Object.entries(EDITOR_LABEL_KEYS).map(([k, key]) => [k, t(key)])) as EditorLabels;
}
