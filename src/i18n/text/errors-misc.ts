/**
 * Error messages found missing by test/domain/error-text.test.ts, of any area: [English, French, Spanish].
 * Same rules as src/i18n/text/errors.ts (split by area to keep each file short).
 */
export const ERROR_ROWS_MISC: readonly (readonly [string, string, string])[] = [
  // found by test/domain/error-text.test.ts
  [
    'This reset link is invalid or has expired. Please ask for a new one.',
    'Ce lien de réinitialisation n’est pas valide ou a expiré. Veuillez en demander un nouveau.',
    'Este enlace de restablecimiento no es válido o venció. Pida uno nuevo.',
  ],
  [
    'The API key is valid for {{name}}.',
    'La clé d’API est valide pour {{name}}.',
    'La clave de API es válida para {{name}}.',
  ],
  [
    'Enter a valid postal code for this country.',
    'Entrez un code postal valide pour ce pays.',
    'Ingrese un código postal válido para este país.',
  ],
  ['Choose a shipping address.', 'Choisissez une adresse de livraison.', 'Elija una dirección de envío.'],
  ['Not an amount.', 'Ce n’est pas un montant.', 'No es un monto.'],
  [
    'Use a site path starting with / or an https:// address.',
    'Utilisez un chemin du site commençant par / ou une adresse https://.',
    'Use una ruta del sitio que empiece con / o una dirección https://.',
  ],
  [
    'Letters, digits and single hyphens only.',
    'Lettres, chiffres et traits d’union simples seulement.',
    'Solo letras, dígitos y guiones simples.',
  ],
  ['A step needs a title.', 'Une étape a besoin d’un titre.', 'Un paso necesita un título.'],
  [
    'A company name has at most 120 characters.',
    'Un nom d’entreprise compte au plus 120 caractères.',
    'Un nombre de empresa tiene como máximo 120 caracteres.',
  ],
  ['Choose a region from the list.', 'Choisissez une région dans la liste.', 'Elija una región de la lista.'],
  [
    'A message has at most 2000 characters.',
    'Un message compte au plus 2000 caractères.',
    'Un mensaje tiene como máximo 2000 caracteres.',
  ],
  ['Invalid token.', 'Jeton non valide.', 'Token no válido.'],
  ['Invalid key.', 'Clé non valide.', 'Clave no válida.'],
  [
    'Choose a card (payment type 1) or a check (payment type 2).',
    'Choisissez une carte (type de paiement 1) ou un chèque (type de paiement 2).',
    'Elija una tarjeta (tipo de pago 1) o un cheque (tipo de pago 2).',
  ],
  [
    'Card payments have payment type 1.',
    'Les paiements par carte ont le type de paiement 1.',
    'Los pagos con tarjeta tienen el tipo de pago 1.',
  ],
  [
    "A new line's id looks like {{id}}.",
    'L’identifiant d’une nouvelle ligne ressemble à {{id}}.',
    'El id de una línea nueva se ve como {{id}}.',
  ],
  [
    'Send the version of the order you edited (version), as synchronize gave it.',
    'Envoyez la version de la commande que vous avez modifiée (version), telle que synchronize l’a donnée.',
    'Envíe la versión del pedido que editó (version), tal como la dio synchronize.',
  ],
  ['Unknown line type.', 'Type de ligne inconnu.', 'Tipo de línea desconocido.'],
  [
    'This line is not on the order.',
    'Cette ligne ne fait pas partie de la commande.',
    'Esta línea no está en el pedido.',
  ],
  [
    'A line cannot be both kept and deleted.',
    'Une ligne ne peut pas être à la fois conservée et supprimée.',
    'Una línea no puede conservarse y eliminarse a la vez.',
  ],
  [
    'Remove the line and add the new product instead of changing it.',
    'Retirez la ligne et ajoutez le nouveau produit au lieu de la modifier.',
    'Quite la línea y agregue el producto nuevo en lugar de cambiarla.',
  ],
  [
    'Every line the order keeps must be listed (or its id given for deletion).',
    'Chaque ligne que la commande conserve doit être énumérée (ou son identifiant donné pour suppression).',
    'Cada línea que conserva el pedido debe listarse (o dar su id para eliminarla).',
  ],
  [
    'Two new lines share this placeholder id.',
    'Deux nouvelles lignes partagent cet identifiant provisoire.',
    'Dos líneas nuevas comparten este id provisional.',
  ],
  ['A new line needs a product.', 'Une nouvelle ligne a besoin d’un produit.', 'Una línea nueva necesita un producto.'],
  ['Enter an amount such as 12.50.', 'Entrez un montant comme 12.50.', 'Ingrese un monto como 12.50.'],
  [
    'Enter a positive number (up to 3 decimals).',
    'Entrez un nombre positif (jusqu’à 3 décimales).',
    'Ingrese un número positivo (hasta 3 decimales).',
  ],
  [
    'A GTIN has 8, 12, 13 or 14 digits.',
    'Un GTIN compte 8, 12, 13 ou 14 chiffres.',
    'Un GTIN tiene 8, 12, 13 o 14 dígitos.',
  ],
  ['Two letters, e.g. US.', 'Deux lettres, p. ex. US.', 'Dos letras, p. ej. US.'],
  ['Enter an amount such as 25 or 12.50.', 'Entrez un montant comme 25 ou 12.50.', 'Ingrese un monto como 25 o 12.50.'],
  ['The amount must be more than 0.', 'Le montant doit être supérieur à 0.', 'El monto debe ser mayor que 0.'],
  ['Name the warehouse.', 'Nommez l’entrepôt.', 'Ponga nombre al almacén.'],
  ['Enter the street address.', 'Entrez l’adresse municipale.', 'Ingrese la dirección.'],
  ['Enter the city.', 'Entrez la ville.', 'Ingrese la ciudad.'],
  [
    'Enter the state or province code.',
    'Entrez le code de l’État ou de la province.',
    'Ingrese el código del estado o provincia.',
  ],
  ['Enter the postal code.', 'Entrez le code postal.', 'Ingrese el código postal.'],
  [
    'Choose a time zone such as America/Chicago.',
    'Choisissez un fuseau horaire comme America/Chicago.',
    'Elija una zona horaria como America/Chicago.',
  ],
  [
    'Say why the stock changes (count, damage, return…).',
    'Indiquez pourquoi le stock change (inventaire, bris, retour…).',
    'Indique por qué cambia el inventario (conteo, daño, devolución…).',
  ],
  [
    '“{{row}}”: expected stockcode,quantity (a whole number ≥ 0).',
    '« {{row}} » : attendu stockcode,quantity (un nombre entier ≥ 0).',
    '“{{row}}”: se esperaba stockcode,quantity (un número entero ≥ 0).',
  ],
  [
    '{{code}}: no product has this stock code.',
    '{{code}} : aucun produit n’a ce code d’article.',
    '{{code}}: ningún producto tiene este código de inventario.',
  ],
  [
    'Row spacing must be between 6 and 60 inches.',
    'L’espacement des rangs doit être entre 6 et 60 pouces.',
    'La distancia entre surcos debe estar entre 6 y 60 pulgadas.',
  ],
  [
    'Ground speed must be between 2 and 12 mph.',
    'La vitesse au sol doit être entre 2 et 12 mi/h.',
    'La velocidad de avance debe estar entre 2 y 12 mph.',
  ],
  [
    'Seed spacing must be between 0.5 and 24 inches.',
    'L’espacement des semences doit être entre 0,5 et 24 pouces.',
    'La distancia entre semillas debe estar entre 0.5 y 24 pulgadas.',
  ],
  [
    'Population must be between 5,000 and 400,000 seeds per acre.',
    'La population doit être entre 5 000 et 400 000 semences par acre.',
    'La población debe estar entre 5,000 y 400,000 semillas por acre.',
  ],
];
