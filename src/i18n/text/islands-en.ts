/**
 * The English of what the islands say by themselves: the only part of the island text an island's
 * bundle carries (the French and Spanish are the server's, src/i18n/text/islands.ts, and reach the
 * page as JSON). The English is the spec's wording where it has one.
 */
import { MESSAGES } from '../../domain/constants.ts';
import { DATE_FIELD_MESSAGES } from '../../domain/date-field.ts';

export const ISLAND_EN = {
  genericError: MESSAGES.genericError,
  networkError: MESSAGES.networkError,
  noResults: MESSAGES.noResults,
  translationFailed: MESSAGES.translationFailed,
  orderUpdateFailed: MESSAGES.orderUpdateFailed,
  regenerateConfirm: MESSAGES.regenerateTokenConfirm,
  confirm: 'Are you sure?',
  saved: 'Saved',
  addedToCart: 'Added to cart',
  notifications: 'Notifications',
  close: 'Close',
  suggestions: 'Suggestions',
  chooseDate: 'Choose a date',
  backToTop: 'Back to top',
  you: 'You',
  open: 'Open',
  accountExists: 'An account already exists for {{name}}.',
  unsavedTitle: 'Unsaved changes',
  unsavedText: 'You have unsaved changes. Leave anyway?',
  unsavedStay: 'Stay on this page',
  unsavedLeave: 'Leave without saving',
  tickOnePart: 'Tick at least one part.',
  noPartMatches: 'No part on this diagram matches.',
  callout: 'Callout {{callout}}',
  noRates: "We couldn't find rates for that postal code. Please try another.",
  language: 'Language',
  channel: 'Channel',
  switchingChannel: 'Switching channel…',
  eppUnavailable: 'Extended Payment Program (EPP) unavailable.',
  plaidNotLoaded: 'Plaid Link did not load.',
  eventDate: 'Date: enter a real date as mm/dd/yy.',
  eventEndDate: 'End date: enter a real date as mm/dd/yy.',
  // HTTP status texts (an answer with no message of its own: the spec's channel switch alerts its status text)
  http400: 'Bad Request',
  http401: 'Unauthorized',
  http403: 'Forbidden',
  http404: 'Not Found',
  http405: 'Method Not Allowed',
  http408: 'Request Timeout',
  http409: 'Conflict',
  http413: 'Payload Too Large',
  http422: 'Unprocessable Entity',
  http429: 'Too Many Requests',
  http500: 'Internal Server Error',
  http502: 'Bad Gateway',
  http503: 'Service Unavailable',
  http504: 'Gateway Timeout',
} as const satisfies Record<string, string>;

/** Messages an island shows that the server sends too: translated by the error catalogue's row. */
export const ISLAND_ERRORS = {
  languageRequired: MESSAGES.languageRequired,
  cannotTranslateToEnglish: MESSAGES.cannotTranslateToEnglish,
  orderRequiresLines: MESSAGES.orderRequiresLines,
  eventTitle: 'Give the event a title.',
  eventTooFar: 'Dates may be at most 21 years ahead.',
  eventStart: 'Enter a start time as hh:mm.',
  eventEnd: 'Enter an end time as hh:mm.',
  eventEndDateOrder: 'The end date must be on or after the start date.',
  eventEndOrder: 'The event must end after it starts.',
  dateFormat: DATE_FIELD_MESSAGES.format,
  datePast: DATE_FIELD_MESSAGES.past,
  dateFuture: DATE_FIELD_MESSAGES.future,
} as const;

export type IslandRowName = keyof typeof ISLAND_EN;
export type IslandTextName = IslandRowName | keyof typeof ISLAND_ERRORS;

/** The English of every island text: what an island says when its page carries no translation. */
export const ISLAND_ENGLISH: Record<IslandTextName, string> = { ...ISLAND_EN, ...ISLAND_ERRORS };
