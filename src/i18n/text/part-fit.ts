/** What a part says about the customer's machines: search and typeahead marks, cart and quick-order warnings, replacements. */
const en = {
  'fits.mark': 'Fits {{name}}',
  'fits.markMore': 'Fits {{name}} +{{more}}',
  'fits.none': 'Does not fit any of your machines',
  'fits.replacedBy': 'Replaced by {{code}}',
  'fits.replacedByTitle': '{{title}} fits {{machine}}',
  'fits.cartTitle': 'Check these lines',
};

const fr: Partial<Record<keyof typeof en, string>> = {
  'fits.mark': 'Compatible avec {{name}}',
  'fits.markMore': 'Compatible avec {{name}} +{{more}}',
  'fits.none': 'Ne convient à aucune de vos machines',
  'fits.replacedBy': 'Remplacé par {{code}}',
  'fits.replacedByTitle': '{{title}} convient à {{machine}}',
  'fits.cartTitle': 'Vérifiez ces lignes',
};

const es: Partial<Record<keyof typeof en, string>> = {
  'fits.mark': 'Compatible con {{name}}',
  'fits.markMore': 'Compatible con {{name}} +{{more}}',
  'fits.none': 'No es compatible con ninguna de sus máquinas',
  'fits.replacedBy': 'Reemplazado por {{code}}',
  'fits.replacedByTitle': '{{title}} es compatible con {{machine}}',
  'fits.cartTitle': 'Revise estas líneas',
};

export const partFitText = { en, fr, es };
