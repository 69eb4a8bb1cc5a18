/**
 * Error messages of sign-in, accounts, bearer tokens and permissions: [English, French, Spanish].
 * Same rules as src/i18n/text/errors.ts (split by area to keep each file short).
 */
export const ERROR_ROWS_ACCOUNT: readonly (readonly [string, string, string])[] = [
  // sign-in, accounts, bearer tokens
  [
    'The bearer token is invalid or has been revoked.',
    'Le jeton d’accès n’est pas valide ou a été révoqué.',
    'El token de acceso no es válido o fue revocado.',
  ],
  [
    'The bearer token and X-User-Id do not match.',
    'Le jeton d’accès et X-User-Id ne correspondent pas.',
    'El token de acceso y X-User-Id no coinciden.',
  ],
  [
    'This call needs a bearer token (Authorization: Bearer …).',
    'Cet appel exige un jeton d’accès (Authorization: Bearer …).',
    'Esta llamada necesita un token de acceso (Authorization: Bearer …).',
  ],
  [
    'The warehouse API key or user is not valid.',
    'La clé d’API de l’entrepôt ou l’utilisateur n’est pas valide.',
    'La clave de API del almacén o el usuario no es válido.',
  ],
  ['Email is required.', 'Le courriel est requis.', 'El correo electrónico es obligatorio.'],
  ['Email is too long.', 'Le courriel est trop long.', 'El correo electrónico es demasiado largo.'],
  ['Enter a valid email address.', 'Entrez une adresse courriel valide.', 'Ingrese un correo electrónico válido.'],
  ['Password is required.', 'Le mot de passe est requis.', 'La contraseña es obligatoria.'],
  ['Password is too long.', 'Le mot de passe est trop long.', 'La contraseña es demasiado larga.'],
  [
    'Password must be at least 10 characters.',
    'Le mot de passe doit contenir au moins 10 caractères.',
    'La contraseña debe tener al menos 10 caracteres.',
  ],
  ['Phone is too long.', 'Le numéro de téléphone est trop long.', 'El teléfono es demasiado largo.'],
  ['Choose personal or organisation.', 'Choisissez personnel ou organisation.', 'Elija personal u organización.'],
  [
    'Organisation name is too long.',
    'Le nom de l’organisation est trop long.',
    'El nombre de la organización es demasiado largo.',
  ],
  [
    'Organisation name is required.',
    'Le nom de l’organisation est requis.',
    'El nombre de la organización es obligatorio.',
  ],
  [
    'The reset link is incomplete.',
    'Le lien de réinitialisation est incomplet.',
    'El enlace de restablecimiento está incompleto.',
  ],
  [
    'An account with this email already exists.',
    'Un compte existe déjà avec ce courriel.',
    'Ya existe una cuenta con este correo electrónico.',
  ],
  [
    'Your account does not belong to an organisation.',
    'Votre compte n’appartient à aucune organisation.',
    'Su cuenta no pertenece a ninguna organización.',
  ],
  [
    'Too many invitations in the last hour. Please try again later.',
    'Trop d’invitations dans la dernière heure. Veuillez réessayer plus tard.',
    'Demasiadas invitaciones en la última hora. Inténtelo más tarde.',
  ],
  [
    'You cannot remove yourself from your organisation.',
    'Vous ne pouvez pas vous retirer de votre organisation.',
    'No puede quitarse de su organización.',
  ],
  [
    'You cannot change your own tax exemption: ask another administrator.',
    'Vous ne pouvez pas modifier votre propre exemption de taxes : demandez à un autre administrateur.',
    'No puede cambiar su propia exención de impuestos: pídaselo a otro administrador.',
  ],
  [
    'You cannot change your own spending limits: ask another administrator.',
    'Vous ne pouvez pas modifier vos propres limites de dépenses : demandez à un autre administrateur.',
    'No puede cambiar sus propios límites de gasto: pídaselo a otro administrador.',
  ],
  [
    'This invitation link is invalid, used or expired. Ask your organisation for a new one.',
    'Ce lien d’invitation n’est pas valide, a déjà servi ou a expiré. Demandez-en un nouveau à votre organisation.',
    'Este enlace de invitación no es válido, ya se usó o venció. Pida uno nuevo a su organización.',
  ],
  [
    'Register with the email address the invitation was sent to.',
    'Inscrivez-vous avec l’adresse courriel à laquelle l’invitation a été envoyée.',
    'Regístrese con el correo electrónico al que se envió la invitación.',
  ],
  [
    'Use the address the invitation was sent to.',
    'Utilisez l’adresse à laquelle l’invitation a été envoyée.',
    'Use la dirección a la que se envió la invitación.',
  ],
  ['Choose allow or do not allow.', 'Choisissez autoriser ou ne pas autoriser.', 'Elija permitir o no permitir.'],
  // permissions
  ['No such user.', 'Cet utilisateur n’existe pas.', 'Ese usuario no existe.'],
  ['No such organisation.', 'Cette organisation n’existe pas.', 'Esa organización no existe.'],
  ['Choose a permission.', 'Choisissez une permission.', 'Elija un permiso.'],
  ['A reason is required.', 'Une raison est requise.', 'Se requiere un motivo.'],
  [
    'A reason is required (at least 3 characters).',
    'Une raison est requise (au moins 3 caractères).',
    'Se requiere un motivo (al menos 3 caracteres).',
  ],
  ['Choose grant or deny.', 'Choisissez accorder ou refuser.', 'Elija conceder o denegar.'],
  [
    'You do not have permission to edit permissions.',
    'Vous n’avez pas la permission de modifier les permissions.',
    'No tiene permiso para editar permisos.',
  ],
  [
    'You cannot grant or deny a permission you do not hold yourself.',
    'Vous ne pouvez pas accorder ni refuser une permission que vous n’avez pas vous-même.',
    'No puede conceder ni denegar un permiso que usted no tiene.',
  ],
  [
    'You cannot change your own permissions or those of your own organisation.',
    'Vous ne pouvez pas modifier vos propres permissions ni celles de votre organisation.',
    'No puede cambiar sus propios permisos ni los de su organización.',
  ],
  [
    'This user holds permissions you do not hold: ask an administrator.',
    'Cet utilisateur a des permissions que vous n’avez pas : demandez à un administrateur.',
    'Este usuario tiene permisos que usted no tiene: pida ayuda a un administrador.',
  ],
  [
    'This user has no grant or deny of that permission.',
    'Cet utilisateur n’a ni autorisation ni refus pour cette permission.',
    'Este usuario no tiene concesión ni denegación de ese permiso.',
  ],
  [
    'This organisation has no grant or deny of that permission.',
    'Cette organisation n’a ni autorisation ni refus pour cette permission.',
    'Esta organización no tiene concesión ni denegación de ese permiso.',
  ],
];
