/**
 * Page blocks edited with the content and image editors: the landing banner's image is
 * an image([...]) directive, so staff change it (per language if they wish) in the translation
 * editor, with a preview, like any text. A language without its own value shows the English one.
 */
const en = {
  'content.hero.image': "image(['/images/hero.svg', ''])",
  'tr.image.insert': 'Insert image',
  'tr.image.url': 'Image address',
  'tr.image.alt': 'Image description',
  'tr.image.add': 'Insert',
} as const;

const fr: Partial<Record<keyof typeof en, string>> = {
  'tr.image.insert': 'Insérer une image',
  'tr.image.url': 'Adresse de l’image',
  'tr.image.alt': 'Description de l’image',
  'tr.image.add': 'Insérer',
};

const es: Partial<Record<keyof typeof en, string>> = {
  'tr.image.insert': 'Insertar imagen',
  'tr.image.url': 'Dirección de la imagen',
  'tr.image.alt': 'Descripción de la imagen',
  'tr.image.add': 'Insertar',
};

export const contentText = { en, fr, es };
