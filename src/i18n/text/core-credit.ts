/** Crediting a returned core on the back office's order page. */
const en = {
  'cores.credit.title': 'Credit core',
  'cores.credit.of': 'Credit the returned core of {{title}}',
  'cores.credit.quantity': 'Cores returned',
  'cores.credit.full': 'Full credit (received and inspected)',
  'cores.credit.amount': 'Partial credit',
  'cores.credit.reason': 'Reason for a partial credit',
  'cores.credit.submit': 'Credit core',
};

const fr: Partial<Record<keyof typeof en, string>> = {
  'cores.credit.title': 'Créditer la consigne',
  'cores.credit.of': 'Créditer la pièce usagée retournée de {{title}}',
  'cores.credit.quantity': 'Pièces usagées retournées',
  'cores.credit.full': 'Crédit complet (reçue et inspectée)',
  'cores.credit.amount': 'Crédit partiel',
  'cores.credit.reason': 'Motif d’un crédit partiel',
  'cores.credit.submit': 'Créditer la consigne',
};

const es: Partial<Record<keyof typeof en, string>> = {
  'cores.credit.title': 'Acreditar casco',
  'cores.credit.of': 'Acreditar el casco devuelto de {{title}}',
  'cores.credit.quantity': 'Cascos devueltos',
  'cores.credit.full': 'Crédito completo (recibido e inspeccionado)',
  'cores.credit.amount': 'Crédito parcial',
  'cores.credit.reason': 'Motivo de un crédito parcial',
  'cores.credit.submit': 'Acreditar casco',
};

export const coreCreditText = { en, fr, es };
