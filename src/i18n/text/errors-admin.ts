/**
 * Error messages of translations, media and the calendar: [English, French, Spanish].
 * Same rules as src/i18n/text/errors.ts (split by area to keep each file short).
 */
export const ERROR_ROWS_ADMIN: readonly (readonly [string, string, string])[] = [
  // translations
  ['Language is required', 'La langue est requise', 'El idioma es obligatorio'],
  ['You cannot translate to English.', 'Vous ne pouvez pas traduire vers l’anglais.', 'No puede traducir al inglés.'],
  [
    'The field does not match the address.',
    'Le champ ne correspond pas à l’adresse.',
    'El campo no coincide con la dirección.',
  ],
  ['Not a translation key.', 'Ce n’est pas une clé de traduction.', 'No es una clave de traducción.'],
  ['Unknown language.', 'Langue inconnue.', 'Idioma desconocido.'],
  ['Unknown locale.', 'Paramètres régionaux inconnus.', 'Configuración regional desconocida.'],
  ['Unknown country for that language.', 'Pays inconnu pour cette langue.', 'País desconocido para ese idioma.'],
  ['Value is required.', 'La valeur est requise.', 'El valor es obligatorio.'],
  ['Unknown translation key.', 'Clé de traduction inconnue.', 'Clave de traducción desconocida.'],
  [
    'This entry does not belong to that language and country.',
    'Cette entrée n’appartient pas à cette langue et à ce pays.',
    'Esta entrada no pertenece a ese idioma y país.',
  ],
  [
    'Someone saved this text since you opened it. Reload to see their version before saving yours.',
    'Quelqu’un a enregistré ce texte depuis que vous l’avez ouvert. Rechargez pour voir sa version avant d’enregistrer la vôtre.',
    'Alguien guardó este texto después de que usted lo abrió. Vuelva a cargar para ver su versión antes de guardar la suya.',
  ],
  ['Current version is {{version}}.', 'La version actuelle est {{version}}.', 'La versión actual es {{version}}.'],
  [
    'There is no English text to translate.',
    'Il n’y a aucun texte anglais à traduire.',
    'No hay texto en inglés para traducir.',
  ],
  [
    'The translation service did not answer. Please try again.',
    'Le service de traduction n’a pas répondu. Veuillez réessayer.',
    'El servicio de traducción no respondió. Inténtelo de nuevo.',
  ],
  // media
  ['Choose an image to upload.', 'Choisissez une image à téléverser.', 'Elija una imagen para subir.'],
  [
    'This image is no longer in the library.',
    'Cette image n’est plus dans la bibliothèque.',
    'Esta imagen ya no está en la biblioteca.',
  ],
  [
    'This image is used by {{list}}; remove it there first.',
    'Cette image est utilisée par {{list}}; retirez-la d’abord de là.',
    'Esta imagen la usa {{list}}; quítela de allí primero.',
  ],
  ['The image is larger than {{mb}} MB.', 'L’image dépasse {{mb}} Mo.', 'La imagen supera los {{mb}} MB.'],
  ['At most {{mb}} MB.', 'Au plus {{mb}} Mo.', 'Como máximo {{mb}} MB.'],
  [
    'Send one image in the field "file".',
    'Envoyez une seule image dans le champ « file ».',
    'Envíe una imagen en el campo "file".',
  ],
  ['Send one image.', 'Envoyez une seule image.', 'Envíe una sola imagen.'],
  [
    'This file is not an image we accept (PNG, JPEG, WebP, GIF or AVIF).',
    'Ce fichier n’est pas une image acceptée (PNG, JPEG, WebP, GIF ou AVIF).',
    'Este archivo no es una imagen que aceptemos (PNG, JPEG, WebP, GIF o AVIF).',
  ],
  [
    'Not a PNG, JPEG, WebP, GIF or AVIF image.',
    'Pas une image PNG, JPEG, WebP, GIF ou AVIF.',
    'No es una imagen PNG, JPEG, WebP, GIF o AVIF.',
  ],
  ['This image cannot be read.', 'Cette image est illisible.', 'No se puede leer esta imagen.'],
  ['The image is damaged.', 'L’image est endommagée.', 'La imagen está dañada.'],
  ['The image has too many pixels.', 'L’image a trop de pixels.', 'La imagen tiene demasiados píxeles.'],
  ['At most 60 megapixels.', 'Au plus 60 mégapixels.', 'Como máximo 60 megapíxeles.'],
  // calendar
  [
    'Enter a start time as hh:mm.',
    'Entrez une heure de début au format hh:mm.',
    'Ingrese una hora de inicio como hh:mm.',
  ],
  ['Enter an end time as hh:mm.', 'Entrez une heure de fin au format hh:mm.', 'Ingrese una hora de fin como hh:mm.'],
  [
    'The end date must be on or after the start date.',
    'La date de fin doit être égale ou postérieure à la date de début.',
    'La fecha de fin debe ser igual o posterior a la de inicio.',
  ],
  [
    'The event must end after it starts.',
    'L’événement doit se terminer après son début.',
    'El evento debe terminar después de empezar.',
  ],
  ['Choose month, week or agenda.', 'Choisissez mois, semaine ou agenda.', 'Elija mes, semana o agenda.'],
  ['Enter a real date.', 'Entrez une date réelle.', 'Ingrese una fecha real.'],
  ['Give the event a title.', 'Donnez un titre à l’événement.', 'Ponga un título al evento.'],
  [
    'Keep the title under 200 characters.',
    'Le titre doit faire moins de 200 caractères.',
    'El título debe tener menos de 200 caracteres.',
  ],
  [
    'Keep the description under 2000 characters.',
    'La description doit faire moins de 2000 caractères.',
    'La descripción debe tener menos de 2000 caracteres.',
  ],
  [
    'Dates may be at most 21 years ahead.',
    'Les dates peuvent être au plus 21 ans dans le futur.',
    'Las fechas pueden ser como máximo 21 años en el futuro.',
  ],
  ['That event no longer exists.', 'Cet événement n’existe plus.', 'Ese evento ya no existe.'],
];
