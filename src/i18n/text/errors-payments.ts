/**
 * Error messages of payments, cards and bank accounts: [English, French, Spanish].
 * Same rules as src/i18n/text/errors.ts (split by area to keep each file short).
 */
export const ERROR_ROWS_PAYMENTS: readonly (readonly [string, string, string])[] = [
  // payments, cards, bank accounts
  [
    'Your card number is not valid.',
    'Votre numéro de carte n’est pas valide.',
    'El número de su tarjeta no es válido.',
  ],
  ['Your card has expired.', 'Votre carte est expirée.', 'Su tarjeta venció.'],
  [
    'This card could not be found. Please enter it again.',
    'Cette carte est introuvable. Veuillez l’entrer de nouveau.',
    'No se encontró esta tarjeta. Ingrésela de nuevo.',
  ],
  ['The amount to charge is not valid.', 'Le montant à débiter n’est pas valide.', 'El monto a cobrar no es válido.'],
  ['No such charge.', 'Ce débit n’existe pas.', 'Ese cargo no existe.'],
  [
    'The capture amount exceeds the authorisation.',
    'Le montant à encaisser dépasse l’autorisation.',
    'El monto a capturar supera la autorización.',
  ],
  [
    'The refund exceeds what was charged.',
    'Le remboursement dépasse le montant débité.',
    'El reembolso supera lo cobrado.',
  ],
  [
    'Enter the card number, expiry and security code.',
    'Entrez le numéro de carte, la date d’expiration et le code de sécurité.',
    'Ingrese el número de tarjeta, el vencimiento y el código de seguridad.',
  ],
  ['Your card was declined.', 'Votre carte a été refusée.', 'Su tarjeta fue rechazada.'],
  [
    'Your card has insufficient funds.',
    'Votre carte n’a pas les fonds suffisants.',
    'Su tarjeta no tiene fondos suficientes.',
  ],
  [
    'An error occurred while processing your card. Try again in a little bit.',
    'Une erreur s’est produite lors du traitement de votre carte. Réessayez dans un moment.',
    'Ocurrió un error al procesar su tarjeta. Inténtelo de nuevo en un momento.',
  ],
  ['This card token is not valid.', 'Ce jeton de carte n’est pas valide.', 'Este token de tarjeta no es válido.'],
  ['The card token is too long.', 'Le jeton de carte est trop long.', 'El token de tarjeta es demasiado largo.'],
  ['This card could not be saved.', 'Cette carte n’a pas pu être enregistrée.', 'No se pudo guardar esta tarjeta.'],
  [
    'The bank link expired. Start again.',
    'Le lien bancaire a expiré. Recommencez.',
    'El enlace bancario venció. Empiece de nuevo.',
  ],
  [
    'Enter the 9-digit routing number.',
    'Entrez le numéro d’acheminement à 9 chiffres.',
    'Ingrese el número de ruta de 9 dígitos.',
  ],
  [
    'This routing number is not valid.',
    'Ce numéro d’acheminement n’est pas valide.',
    'Este número de ruta no es válido.',
  ],
  [
    'Enter the account number (4 to 17 digits).',
    'Entrez le numéro de compte (4 à 17 chiffres).',
    'Ingrese el número de cuenta (de 4 a 17 dígitos).',
  ],
  [
    'Enter the account holder’s name.',
    'Entrez le nom du titulaire du compte.',
    'Ingrese el nombre del titular de la cuenta.',
  ],
  ['Choose checking or savings.', 'Choisissez chèques ou épargne.', 'Elija cheques o ahorros.'],
  [
    'This bank link is not valid any more. Add the account again.',
    'Ce lien bancaire n’est plus valide. Ajoutez le compte de nouveau.',
    'Este enlace bancario ya no es válido. Agregue la cuenta de nuevo.',
  ],
  [
    'This bank account is not known to the bank link.',
    'Ce compte bancaire est inconnu du lien bancaire.',
    'El enlace bancario no conoce esta cuenta bancaria.',
  ],
  [
    'This payment was already attempted with different details.',
    'Ce paiement a déjà été tenté avec d’autres renseignements.',
    'Este pago ya se intentó con otros datos.',
  ],
  ['The amount to debit is not valid.', 'Le montant à prélever n’est pas valide.', 'El monto a debitar no es válido.'],
  [
    'The bank refused the debit (insufficient funds).',
    'La banque a refusé le prélèvement (fonds insuffisants).',
    'El banco rechazó el débito (fondos insuficientes).',
  ],
  ['The bank refused the debit.', 'La banque a refusé le prélèvement.', 'El banco rechazó el débito.'],
  [
    'The bank link service did not answer. Try again in a little bit.',
    'Le service de lien bancaire n’a pas répondu. Réessayez dans un moment.',
    'El servicio de enlace bancario no respondió. Inténtelo de nuevo en un momento.',
  ],
  [
    'The bank link service refused the request. Try again in a little bit.',
    'Le service de lien bancaire a refusé la requête. Réessayez dans un moment.',
    'El servicio de enlace bancario rechazó la solicitud. Inténtelo de nuevo en un momento.',
  ],
  [
    'This saved payment method does not match the payment type.',
    'Ce mode de paiement enregistré ne correspond pas au type de paiement.',
    'Este método de pago guardado no corresponde al tipo de pago.',
  ],
  [
    'Choose a saved method of this type.',
    'Choisissez un mode enregistré de ce type.',
    'Elija un método guardado de este tipo.',
  ],
  [
    'This store does not take bank payments.',
    'Cette boutique n’accepte pas les paiements bancaires.',
    'Esta tienda no acepta pagos bancarios.',
  ],
  [
    'This bank account was linked through another provider. Add it again.',
    'Ce compte bancaire a été lié par un autre fournisseur. Ajoutez-le de nouveau.',
    'Esta cuenta bancaria se vinculó con otro proveedor. Agréguela de nuevo.',
  ],
  ['Add this bank account again.', 'Ajoutez ce compte bancaire de nouveau.', 'Agregue esta cuenta bancaria de nuevo.'],
  ['Link the bank account first.', 'Liez d’abord le compte bancaire.', 'Primero vincule la cuenta bancaria.'],
  ['This bank link is not valid.', 'Ce lien bancaire n’est pas valide.', 'Este enlace bancario no es válido.'],
  [
    'Enter the amount, for example 0.32.',
    'Entrez le montant, par exemple 0.32.',
    'Ingrese el monto, por ejemplo 0.32.',
  ],
  [
    'Enter the amount under $1.00, for example 0.32.',
    'Entrez le montant inférieur à 1,00 $, par exemple 0.32.',
    'Ingrese el monto menor a $1.00, por ejemplo 0.32.',
  ],
  ['This payment method was not found.', 'Ce mode de paiement est introuvable.', 'No se encontró este método de pago.'],
  [
    'This bank account is locked after {{n}} wrong tries. Remove it and add it again, or call us.',
    'Ce compte bancaire est verrouillé après {{n}} essais erronés. Supprimez-le et ajoutez-le de nouveau, ou appelez-nous.',
    'Esta cuenta bancaria se bloqueó tras {{n}} intentos fallidos. Elimínela y agréguela de nuevo, o llámenos.',
  ],
  [
    'Confirm the two deposits to this bank account before paying with it.',
    'Confirmez les deux dépôts dans ce compte bancaire avant de payer avec celui-ci.',
    'Confirme los dos depósitos en esta cuenta bancaria antes de pagar con ella.',
  ],
  [
    'Only bank accounts are verified with deposits.',
    'Seuls les comptes bancaires sont vérifiés par dépôts.',
    'Solo las cuentas bancarias se verifican con depósitos.',
  ],
  [
    'The bank has not confirmed this account yet. Try again later.',
    'La banque n’a pas encore confirmé ce compte. Réessayez plus tard.',
    'El banco aún no confirmó esta cuenta. Inténtelo más tarde.',
  ],
  [
    'Confirm this bank account before making it the default.',
    'Confirmez ce compte bancaire avant d’en faire le mode par défaut.',
    'Confirme esta cuenta bancaria antes de hacerla predeterminada.',
  ],
  [
    'Those amounts do not match the two deposits. {{n}} {{tries}} left.',
    'Ces montants ne correspondent pas aux deux dépôts. Essais restants : {{n}} ({{tries}}).',
    'Esos montos no coinciden con los dos depósitos. Intentos restantes: {{n}} ({{tries}}).',
  ],
  ['This customer was not found.', 'Ce client est introuvable.', 'No se encontró este cliente.'],
];
