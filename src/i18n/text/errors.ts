/**
 * Error messages people can see, in the three languages: [English, French, Spanish].
 * Services throw AppErrors with these English sentences (the spec's wording, unchanged for en-us);
 * the error handler looks the sentence up here (src/i18n/error-text.ts) and answers in the
 * request's language. A sentence with {{name}} placeholders is matched as a pattern and its values
 * are carried over. Keys ('error.msg.…') are derived from the English, so a translation can be
 * edited in the translation editor like any interface text.
 * This file holds the generic messages; each area has its sibling errors-*.ts file, combined in
 * src/i18n/error-text.ts.
 * test/domain/error-text.test.ts checks that every message thrown in src has a row in one of them.
 */
export const ERROR_ROWS: readonly (readonly [string, string, string])[] = [
  // generic
  ['Please sign in to continue.', 'Veuillez vous connecter pour continuer.', 'Inicie sesión para continuar.'],
  [
    'You do not have permission to do that.',
    'Vous n’avez pas la permission de faire cela.',
    'No tiene permiso para hacer eso.',
  ],
  ['Not found.', 'Introuvable.', 'No encontrado.'],
  ['The store is not set up yet.', 'La boutique n’est pas encore configurée.', 'La tienda aún no está configurada.'],
  [
    'No sales channel is configured for this store.',
    'Aucun canal de vente n’est configuré pour cette boutique.',
    'No hay ningún canal de venta configurado para esta tienda.',
  ],
  [
    'Something went wrong. Please try again.',
    'Une erreur s’est produite. Veuillez réessayer.',
    'Algo salió mal. Inténtelo de nuevo.',
  ],
  [
    'Too many attempts. Please wait a minute and try again.',
    'Trop de tentatives. Veuillez attendre une minute et réessayer.',
    'Demasiados intentos. Espere un minuto e inténtelo de nuevo.',
  ],
  [
    'Your session has expired or the form is invalid. Please reload the page and try again.',
    'Votre session a expiré ou le formulaire n’est pas valide. Rechargez la page et réessayez.',
    'Su sesión expiró o el formulario no es válido. Vuelva a cargar la página e inténtelo de nuevo.',
  ],
  ['That value is already taken.', 'Cette valeur est déjà utilisée.', 'Ese valor ya está en uso.'],
  [
    'This is still in use elsewhere, so it cannot be changed or removed.',
    'Cet élément est encore utilisé ailleurs : il ne peut pas être modifié ni supprimé.',
    'Esto todavía se usa en otro lugar, por lo que no se puede cambiar ni eliminar.',
  ],
  [
    'That choice no longer exists. Choose another.',
    'Ce choix n’existe plus. Choisissez-en un autre.',
    'Esa opción ya no existe. Elija otra.',
  ],
  [
    'The request body is not valid JSON.',
    'Le corps de la requête n’est pas du JSON valide.',
    'El cuerpo de la solicitud no es JSON válido.',
  ],
  ['Bad request.', 'Requête invalide.', 'Solicitud no válida.'],
  [
    'Please correct the highlighted fields.',
    'Veuillez corriger les champs en surbrillance.',
    'Corrija los campos resaltados.',
  ],
  [
    'Requests from another site are not accepted.',
    'Les requêtes provenant d’un autre site ne sont pas acceptées.',
    'No se aceptan solicitudes de otro sitio.',
  ],
  [
    'This shop does not answer to that host name.',
    'Cette boutique ne répond pas à ce nom d’hôte.',
    'Esta tienda no responde a ese nombre de host.',
  ],
  [
    'A form sent as multipart must declare its Content-Length.',
    'Un formulaire envoyé en multipart doit déclarer son Content-Length.',
    'Un formulario enviado como multipart debe declarar su Content-Length.',
  ],
  [
    'A form may be at most {{mb}} MB.',
    'Un formulaire peut faire au plus {{mb}} Mo.',
    'Un formulario puede tener como máximo {{mb}} MB.',
  ],
  ['This address takes no files.', 'Cette adresse n’accepte aucun fichier.', 'Esta dirección no acepta archivos.'],
  [
    'This text contains a character that is not allowed.',
    'Ce texte contient un caractère non autorisé.',
    'Este texto contiene un carácter no permitido.',
  ],
  [
    'The form could not be read. Please send it again.',
    'Le formulaire n’a pas pu être lu. Veuillez l’envoyer de nouveau.',
    'No se pudo leer el formulario. Envíelo de nuevo.',
  ],
  [
    'Unexpected file field "{{field}}".',
    'Champ de fichier inattendu « {{field}} ».',
    'Campo de archivo inesperado "{{field}}".',
  ],
  ['Unexpected file.', 'Fichier inattendu.', 'Archivo inesperado.'],
  ['This type of file is not accepted.', 'Ce type de fichier n’est pas accepté.', 'Este tipo de archivo no se acepta.'],
  ['Accepted: {{list}}.', 'Acceptés : {{list}}.', 'Aceptados: {{list}}.'],
  [
    'The upload is too large or has too many files.',
    'L’envoi est trop volumineux ou contient trop de fichiers.',
    'La carga es demasiado grande o tiene demasiados archivos.',
  ],
  ['Too large.', 'Trop grand.', 'Demasiado grande.'],
  ['Too long.', 'Trop long.', 'Demasiado largo.'],
  ['Must be a number.', 'Doit être un nombre.', 'Debe ser un número.'],
  ['Must be a whole number.', 'Doit être un nombre entier.', 'Debe ser un número entero.'],
  ['Must be 1 or more.', 'Doit être 1 ou plus.', 'Debe ser 1 o más.'],
  ['Must be positive.', 'Doit être positif.', 'Debe ser positivo.'],
  ['Cannot be negative.', 'Ne peut pas être négatif.', 'No puede ser negativo.'],
  ['Not valid JSON.', 'JSON non valide.', 'JSON no válido.'],
  ['Does not match.', 'Ne correspond pas.', 'No coincide.'],
  ['Already used.', 'Déjà utilisé.', 'Ya está en uso.'],
  ['Already exists.', 'Existe déjà.', 'Ya existe.'],
  ['In use.', 'En cours d’utilisation.', 'En uso.'],
  ['Unknown field.', 'Champ inconnu.', 'Campo desconocido.'],
  ['Choose from the list.', 'Choisissez dans la liste.', 'Elija de la lista.'],
  ['Enter a whole number.', 'Entrez un nombre entier.', 'Ingrese un número entero.'],
  ['At least 1.', 'Au moins 1.', 'Al menos 1.'],
  ['At most {{max}} characters.', 'Au plus {{max}} caractères.', 'Como máximo {{max}} caracteres.'],
  ['At most {{max}}.', 'Au plus {{max}}.', 'Como máximo {{max}}.'],
  ['{{label}} is required.', '{{label}} : ce champ est requis.', '{{label}}: este campo es obligatorio.'],
  ['{{label}} is too long.', '{{label}} : ce texte est trop long.', '{{label}}: el texto es demasiado largo.'],
  ['{{label}} must be a number.', '{{label}} : doit être un nombre.', '{{label}}: debe ser un número.'],
  [
    '{{label}} must be a whole number.',
    '{{label}} : doit être un nombre entier.',
    '{{label}}: debe ser un número entero.',
  ],
  [
    '{{label}} must be a whole number of pixels.',
    '{{label}} : doit être un nombre entier de pixels.',
    '{{label}}: debe ser un número entero de píxeles.',
  ],
  ['{{label}} must be positive.', '{{label}} : doit être positif.', '{{label}}: debe ser positivo.'],
  ['{{label}} cannot be negative.', '{{label}} : ne peut pas être négatif.', '{{label}}: no puede ser negativo.'],
  ['{{label}} is too large.', '{{label}} : la valeur est trop grande.', '{{label}}: el valor es demasiado grande.'],
  [
    '{{label}}: enter a date as mm/dd/yy.',
    '{{label}} : entrez une date au format mm/jj/aa.',
    '{{label}}: ingrese una fecha como mm/dd/aa.',
  ],
  [
    '{{label}}: enter a real date as mm/dd/yy.',
    '{{label}} : entrez une date réelle au format mm/jj/aa.',
    '{{label}}: ingrese una fecha real como mm/dd/aa.',
  ],
  [
    '{{label}}: enter a real date, e.g. 2026-12-31.',
    '{{label}} : entrez une date réelle, p. ex. 2026-12-31.',
    '{{label}}: ingrese una fecha real, p. ej. 2026-12-31.',
  ],
  [
    'Use PUT or DELETE (or _method=put|delete).',
    'Utilisez PUT ou DELETE (ou _method=put|delete).',
    'Use PUT o DELETE (o _method=put|delete).',
  ],
  ['Use PUT (or _method=put).', 'Utilisez PUT (ou _method=put).', 'Use PUT (o _method=put).'],
];
