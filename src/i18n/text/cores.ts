/** Core deposits: the deposit's line on the product page, the product editor's field, the core tax rules screen, and their error messages. */
const en = {
  'admin.nav.coreTax': 'Core deposit tax',
  'cores.depositLabel': 'Core deposit, refunded when the old part is returned:',
  'pe.f.coreCharge': 'Core charge (USD)',
  'pe.c.coreCharge': 'Core charge',
  'pe.f.coreChargeHint':
    'A deposit on a remanufactured part, refunded when the old part comes back. Leave empty for none.',
  'cores.rules.title': 'Core deposit tax',
  'cores.rules.intro':
    'Where a core deposit is taxed. A region without a rule follows its country; a country without one does not tax deposits.',
  'cores.rules.list': 'Rules',
  'cores.rules.empty': 'No rule yet: core deposits are not taxed anywhere.',
  'cores.rules.col.country': 'Country',
  'cores.rules.col.region': 'Region',
  'cores.rules.col.taxed': 'Deposit',
  'cores.rules.wholeCountry': 'Whole country',
  'cores.rules.taxed': 'Taxed',
  'cores.rules.notTaxed': 'Not taxed',
  'cores.rules.remove': 'Remove',
  'cores.rules.removeOf': 'Remove the rule of {{place}}',
  'cores.rules.form': 'Set a rule',
  'cores.rules.field.country': 'Country',
  'cores.rules.field.region': 'Region code (optional)',
  'cores.rules.field.regionHint': 'For example CA or QC. Leave empty for the whole country.',
  'cores.rules.field.taxable': 'Core deposits there are',
  'cores.rules.save': 'Save rule',
  'cores.rules.added': 'Rule added.',
  'cores.rules.changed': 'Rule changed.',
  'cores.rules.removed': 'Rule removed.',
  'log.action.core_tax_rule.set': 'Core deposit tax rule set',
  'log.action.core_tax_rule.delete': 'Core deposit tax rule removed',
};

const fr: Partial<Record<keyof typeof en, string>> = {
  'admin.nav.coreTax': 'Taxe sur les consignes',
  'cores.depositLabel': 'Consigne de pièce usagée, remboursée au retour de l’ancienne pièce :',
  'pe.f.coreCharge': 'Consigne (USD)',
  'pe.c.coreCharge': 'Consigne',
  'pe.f.coreChargeHint':
    'Un dépôt sur une pièce remise à neuf, remboursé au retour de l’ancienne pièce. Laissez vide s’il n’y en a pas.',
  'cores.rules.title': 'Taxe sur les consignes',
  'cores.rules.intro':
    'Où une consigne est taxée. Une région sans règle suit son pays ; un pays sans règle ne taxe pas les consignes.',
  'cores.rules.list': 'Règles',
  'cores.rules.empty': 'Aucune règle pour l’instant : les consignes ne sont taxées nulle part.',
  'cores.rules.col.country': 'Pays',
  'cores.rules.col.region': 'Région',
  'cores.rules.col.taxed': 'Consigne',
  'cores.rules.wholeCountry': 'Tout le pays',
  'cores.rules.taxed': 'Taxée',
  'cores.rules.notTaxed': 'Non taxée',
  'cores.rules.remove': 'Supprimer',
  'cores.rules.removeOf': 'Supprimer la règle de {{place}}',
  'cores.rules.form': 'Définir une règle',
  'cores.rules.field.country': 'Pays',
  'cores.rules.field.region': 'Code de région (facultatif)',
  'cores.rules.field.regionHint': 'Par exemple CA ou QC. Laissez vide pour tout le pays.',
  'cores.rules.field.taxable': 'Les consignes y sont',
  'cores.rules.save': 'Enregistrer la règle',
  'cores.rules.added': 'Règle ajoutée.',
  'cores.rules.changed': 'Règle modifiée.',
  'cores.rules.removed': 'Règle supprimée.',
  'log.action.core_tax_rule.set': 'Règle de taxe sur les consignes définie',
  'log.action.core_tax_rule.delete': 'Règle de taxe sur les consignes supprimée',
};

const es: Partial<Record<keyof typeof en, string>> = {
  'admin.nav.coreTax': 'Impuesto sobre depósitos de casco',
  'cores.depositLabel': 'Depósito por casco, reembolsado al devolver la pieza usada:',
  'pe.f.coreCharge': 'Depósito por casco (USD)',
  'pe.c.coreCharge': 'Depósito por casco',
  'pe.f.coreChargeHint':
    'Un depósito sobre una pieza reconstruida, reembolsado cuando regresa la pieza usada. Déjelo vacío si no hay.',
  'cores.rules.title': 'Impuesto sobre depósitos de casco',
  'cores.rules.intro':
    'Dónde se grava un depósito por casco. Una región sin regla sigue a su país; un país sin regla no grava los depósitos.',
  'cores.rules.list': 'Reglas',
  'cores.rules.empty': 'Aún no hay reglas: los depósitos por casco no se gravan en ningún lugar.',
  'cores.rules.col.country': 'País',
  'cores.rules.col.region': 'Región',
  'cores.rules.col.taxed': 'Depósito',
  'cores.rules.wholeCountry': 'Todo el país',
  'cores.rules.taxed': 'Gravado',
  'cores.rules.notTaxed': 'No gravado',
  'cores.rules.remove': 'Quitar',
  'cores.rules.removeOf': 'Quitar la regla de {{place}}',
  'cores.rules.form': 'Definir una regla',
  'cores.rules.field.country': 'País',
  'cores.rules.field.region': 'Código de región (opcional)',
  'cores.rules.field.regionHint': 'Por ejemplo CA o QC. Déjelo vacío para todo el país.',
  'cores.rules.field.taxable': 'Ahí los depósitos por casco están',
  'cores.rules.save': 'Guardar regla',
  'cores.rules.added': 'Regla agregada.',
  'cores.rules.changed': 'Regla modificada.',
  'cores.rules.removed': 'Regla quitada.',
  'log.action.core_tax_rule.set': 'Regla de impuesto sobre depósitos definida',
  'log.action.core_tax_rule.delete': 'Regla de impuesto sobre depósitos quitada',
};

export const coresText = { en, fr, es };

/** The cores' error messages (English as thrown), in French and Spanish. */
export const ERROR_ROWS_CORES: readonly (readonly [string, string, string])[] = [
  [
    'This region is not one of the country’s.',
    'Cette région n’appartient pas à ce pays.',
    'Esta región no pertenece a ese país.',
  ],
  ['Say whether the deposit is taxed.', 'Indiquez si la consigne est taxée.', 'Indique si el depósito se grava.'],
  ['Core tax rule not found.', 'Règle de taxe sur les consignes introuvable.', 'Regla de impuesto no encontrada.'],
  [
    'Core charge: an amount greater than 0.00, or empty for none.',
    'Consigne : un montant supérieur à 0,00, ou vide s’il n’y en a pas.',
    'Depósito por casco: un importe mayor que 0.00, o vacío si no hay.',
  ],
  [
    'Cores to return: a whole number from 1 to {{max}}.',
    'Pièces usagées retournées : un nombre entier de 1 à {{max}}.',
    'Cascos devueltos: un número entero de 1 a {{max}}.',
  ],
  [
    'Every core of this line has already been returned.',
    'Toutes les pièces usagées de cette ligne ont déjà été retournées.',
    'Todos los cascos de esta línea ya se devolvieron.',
  ],
  [
    'Credit: an amount from 0.00 to {{max}}.',
    'Crédit : un montant de 0,00 à {{max}}.',
    'Crédito: un importe de 0.00 a {{max}}.',
  ],
  [
    'Say why the credit is partial.',
    'Indiquez pourquoi le crédit est partiel.',
    'Indique por qué el crédito es parcial.',
  ],
];
