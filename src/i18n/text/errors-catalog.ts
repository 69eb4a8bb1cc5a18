/**
 * Error messages of the catalog, cart, countries, channels and addresses: [English, French, Spanish].
 * Same rules as src/i18n/text/errors.ts (split by area to keep each file short).
 */
export const ERROR_ROWS_CATALOG: readonly (readonly [string, string, string])[] = [
  // catalog, products, cart
  ['No such category.', 'Cette catégorie n’existe pas.', 'Esa categoría no existe.'],
  [
    'That product does not exist or is no longer sold.',
    'Ce produit n’existe pas ou n’est plus vendu.',
    'Ese producto no existe o ya no se vende.',
  ],
  ['That product does not exist.', 'Ce produit n’existe pas.', 'Ese producto no existe.'],
  ['This product is no longer available.', 'Ce produit n’est plus offert.', 'Este producto ya no está disponible.'],
  ['This product is out of stock.', 'Ce produit est en rupture de stock.', 'Este producto está agotado.'],
  [
    'This product is coming soon and cannot be ordered yet.',
    'Ce produit arrive bientôt et ne peut pas encore être commandé.',
    'Este producto llegará pronto y aún no se puede pedir.',
  ],
  [
    'Please call us for availability of this product.',
    'Veuillez nous appeler pour connaître la disponibilité de ce produit.',
    'Llámenos para conocer la disponibilidad de este producto.',
  ],
  ['Product not found.', 'Produit introuvable.', 'Producto no encontrado.'],
  ['Unknown product.', 'Produit inconnu.', 'Producto desconocido.'],
  [
    'This option choice does not belong to the product.',
    'Ce choix d’option n’appartient pas au produit.',
    'Esta opción no pertenece al producto.',
  ],
  [
    'Quantity must be a whole number.',
    'La quantité doit être un nombre entier.',
    'La cantidad debe ser un número entero.',
  ],
  ['Quantity must be a number.', 'La quantité doit être un nombre.', 'La cantidad debe ser un número.'],
  [
    'Quantity must be a whole number from {{min}} to {{max}}.',
    'La quantité doit être un nombre entier de {{min}} à {{max}}.',
    'La cantidad debe ser un número entero de {{min}} a {{max}}.',
  ],
  [
    'Quantity must be at least {{min}}.',
    'La quantité doit être d’au moins {{min}}.',
    'La cantidad debe ser al menos {{min}}.',
  ],
  [
    'Quantity must be at most {{max}}.',
    'La quantité doit être d’au plus {{max}}.',
    'La cantidad debe ser como máximo {{max}}.',
  ],
  ['Choose a valid option.', 'Choisissez une option valide.', 'Elija una opción válida.'],
  ['showDiscount must be 1 or 0.', 'showDiscount doit valoir 1 ou 0.', 'showDiscount debe ser 1 o 0.'],
  ['Unknown cart line.', 'Ligne de panier inconnue.', 'Línea de carrito desconocida.'],
  [
    'This item is no longer in your cart.',
    'Cet article n’est plus dans votre panier.',
    'Este artículo ya no está en su carrito.',
  ],
  ['Not enough stock.', 'Stock insuffisant.', 'No hay suficiente inventario.'],
  [
    'Not enough stock left for {{title}}. Please change the quantity.',
    'Il ne reste pas assez de stock pour {{title}}. Veuillez modifier la quantité.',
    'No queda suficiente inventario de {{title}}. Cambie la cantidad.',
  ],
  // countries, channels, addresses
  ['Choose a country.', 'Choisissez un pays.', 'Elija un país.'],
  ['Choose a region.', 'Choisissez une région.', 'Elija una región.'],
  ['No such country.', 'Ce pays n’existe pas.', 'Ese país no existe.'],
  ['No such channel.', 'Ce canal n’existe pas.', 'Ese canal no existe.'],
  [
    'That country is not served by this channel.',
    'Ce pays n’est pas desservi par ce canal.',
    'Ese país no es atendido por este canal.',
  ],
  ['Unknown lookup type.', 'Type de recherche inconnu.', 'Tipo de búsqueda desconocido.'],
  ['No channel serves that country.', 'Aucun canal ne dessert ce pays.', 'Ningún canal atiende ese país.'],
  ['Choose a country from the list.', 'Choisissez un pays dans la liste.', 'Elija un país de la lista.'],
  ['Address not found.', 'Adresse introuvable.', 'Dirección no encontrada.'],
  ['That address does not exist.', 'Cette adresse n’existe pas.', 'Esa dirección no existe.'],
  [
    'Choose a state or province of that country.',
    'Choisissez un État ou une province de ce pays.',
    'Elija un estado o provincia de ese país.',
  ],
  ['We do not ship to that country.', 'Nous ne livrons pas dans ce pays.', 'No enviamos a ese país.'],
  [
    'We do not ship to that country yet.',
    'Nous ne livrons pas encore dans ce pays.',
    'Todavía no enviamos a ese país.',
  ],
  [
    'This address is served by our {{store}} store. Switch store to ship there.',
    'Cette adresse est desservie par notre boutique {{store}}. Changez de boutique pour y livrer.',
    'Esta dirección la atiende nuestra tienda {{store}}. Cambie de tienda para enviar allí.',
  ],
  ['Enter a postal code.', 'Entrez un code postal.', 'Ingrese un código postal.'],
  ['Enter a ZIP or postal code.', 'Entrez un code ZIP ou postal.', 'Ingrese un código ZIP o postal.'],
  ['That ZIP code does not exist.', 'Ce code ZIP n’existe pas.', 'Ese código ZIP no existe.'],
  ['That código postal does not exist.', 'Ce código postal n’existe pas.', 'Ese código postal no existe.'],
  ['That postal code does not exist.', 'Ce code postal n’existe pas.', 'Ese código postal no existe.'],
  ['That postal code is too long.', 'Ce code postal est trop long.', 'Ese código postal es demasiado largo.'],
  [
    'Enter a 5-digit ZIP code such as 50315 (or ZIP+4, 50315-1234).',
    'Entrez un code ZIP à 5 chiffres, comme 50315 (ou ZIP+4, 50315-1234).',
    'Ingrese un código ZIP de 5 dígitos, como 50315 (o ZIP+4, 50315-1234).',
  ],
  [
    'Enter a 5-digit código postal such as 44100.',
    'Entrez un código postal à 5 chiffres, comme 44100.',
    'Ingrese un código postal de 5 dígitos, como 44100.',
  ],
  [
    'Enter a postal code such as S7K 4Z6.',
    'Entrez un code postal comme S7K 4Z6.',
    'Ingrese un código postal como S7K 4Z6.',
  ],
  ['That code is too long.', 'Ce code est trop long.', 'Ese código es demasiado largo.'],
  ['Choose the United States or Canada.', 'Choisissez les États-Unis ou le Canada.', 'Elija Estados Unidos o Canadá.'],
  ['Latitude must be a number.', 'La latitude doit être un nombre.', 'La latitud debe ser un número.'],
  [
    'Latitude must be between -90 and 90.',
    'La latitude doit être comprise entre -90 et 90.',
    'La latitud debe estar entre -90 y 90.',
  ],
  ['Longitude must be a number.', 'La longitude doit être un nombre.', 'La longitud debe ser un número.'],
  [
    'Longitude must be between -180 and 180.',
    'La longitude doit être comprise entre -180 et 180.',
    'La longitud debe estar entre -180 y 180.',
  ],
  [
    'Send the location as JSON: {"lat", "lng", "accuracy"}.',
    'Envoyez la position en JSON : {"lat", "lng", "accuracy"}.',
    'Envíe la ubicación como JSON: {"lat", "lng", "accuracy"}.',
  ],
];
