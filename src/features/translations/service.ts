/**
 * Translation editor service: open an entry, save a new version, machine-translate the English
 * text. Never sees req; throws the typed errors of domain/errors.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../../db/notify.ts';
import { translations, translationVersions } from '../../db/schema/index.ts';
import { AppError, conflict, invalid, notFound } from '../../domain/errors.ts';
import { MESSAGES } from '../../domain/constants.ts';
import { lintHtml } from '../../domain/html-lint.ts';
import {
  emptyEntry,
  LANGUAGE_COUNTRIES,
  localeTag,
  UI_MARKER,
  type MachineTranslateReply,
  type TranslationReply,
} from '../../domain/translation.ts';
import { catalog } from '../../i18n/catalog.ts';
import { audit } from '../audit/index.ts';
import { TranslateNotConfiguredError, type Translator } from '../../providers/translate/index.ts';
import { catalogEnglish, entriesOf, lockEntry } from './queries.ts';
import { parseCatalogField } from '../../domain/catalog-text.ts';
import type { SaveInput } from './schemas.ts';

/** The notification channel whose handlers reload interface text. */
export const I18N_CHANNEL = 'i18n';

export class TranslationService {
  constructor(
    private readonly db: Db,
    private readonly events: Notifier,
    private readonly translator: Translator,
  ) {}

  /**
   * Only fields the interface knows can be edited (no junk rows from typos): interface keys, and
   * catalogue fields ('cat:product.5.title') of an entity that exists. Returns the English text.
   */
  async assertKnown(field: string): Promise<string> {
    if (field.startsWith(UI_MARKER) && Object.hasOwn(catalog.en, field.slice(UI_MARKER.length))) {
      return catalog.en[field.slice(UI_MARKER.length) as keyof typeof catalog.en] ?? '';
    }
    const parsed = parseCatalogField(field);
    const english = parsed ? await catalogEnglish(this.db, parsed) : undefined;
    if (english !== undefined) return english;
    throw notFound('Unknown translation key.');
  }

  async open(field: string, language: string, country: string): Promise<TranslationReply> {
    const english = await this.assertKnown(field);
    const all = await entriesOf(this.db, field);
    // Catalogue text keeps its English in the entity's own column, interface text in the shipped
    // catalogue: the editor's English reference shows it (translation_id 0: no row) until someone
    // saves an English entry.
    if (!all.some((e) => e.language === 'en' && e.country === '')) {
      all.unshift({ ...emptyEntry(field, 'en', ''), value: english });
    }
    const entry =
      all.find((e) => e.language === language && e.country === country) ?? emptyEntry(field, language, country);
    return { field, entry, translations: all, locale: localeTag(language, country), languages: LANGUAGE_COUNTRIES };
  }

  /** Every save is a new version; earlier versions stay in translation_versions. One transaction. */
  async save(field: string, input: SaveInput, userId: number): Promise<TranslationReply> {
    await this.assertKnown(field);
    const { language, country, value } = input;
    const lint = lintHtml(value);
    if (lint.length) throw invalid(lint[0], { value: lint.join('\n') }, 'html');
    await this.db.transaction(async (tx) => {
      const row = await lockEntry(tx, field, language, country);
      if (input.id && (!row || row.id !== input.id))
        throw invalid('This entry does not belong to that language and country.', { id: 'Does not match.' });
      if (row && input.version !== undefined && input.version !== row.version) {
        throw conflict(
          'Someone saved this text since you opened it. Reload to see their version before saving yours.',
          { version: `Current version is ${row.version}.` },
        );
      }
      let id: number;
      let version: number;
      if (row) {
        version = row.version + 1;
        id = row.id;
        await tx
          .update(translations)
          .set({ value, version, updatedBy: userId, updatedAt: sql`now()` })
          .where(eq(translations.id, id));
      } else {
        version = 1;
        [{ id }] = await tx
          .insert(translations)
          .values({ field, language, country, value, version, updatedBy: userId })
          .returning({ id: translations.id });
      }
      await tx.insert(translationVersions).values({ translationId: id, value, version, createdBy: userId });
      await audit(tx, {
        action: 'translation.save',
        entity: 'translation',
        entityId: id,
        userId,
        message: `Saved ${field} (${localeTag(language, country)}) version ${version}`,
        data: { field, language, country, version },
      });
    });
    await this.events.notify(I18N_CHANNEL, field);
    return this.open(field, language, country);
  }

  /** Machine translation of the field's English text into `language` (§7 reply shape). */
  async machineTranslate(field: string, language: string): Promise<MachineTranslateReply> {
    const known = await this.assertKnown(field);
    if (language === 'en')
      throw invalid(MESSAGES.cannotTranslateToEnglish, { language: MESSAGES.cannotTranslateToEnglish });
    const [en] = await this.db
      .select({ value: translations.value })
      .from(translations)
      .where(and(eq(translations.field, field), eq(translations.language, 'en'), eq(translations.country, '')));
    const text = en?.value ?? known;
    if (!text.trim()) throw invalid('There is no English text to translate.');
    try {
      const translatedText = await this.translator.translate({
        text,
        from: 'en',
        to: language,
        format: /<[a-z!/]/i.test(text) ? 'html' : 'text',
      });
      return this.translator.offline
        ? { translated: { translatedText }, provider: 'offline' }
        : { translated: { translatedText } };
    } catch (err) {
      if (err instanceof TranslateNotConfiguredError) throw new AppError(503, err.code, err.message);
      // A 5xx: the error handler logs it, with the service's own error as its cause.
      throw Object.assign(
        new AppError(502, 'translate_failed', 'The translation service did not answer. Please try again.'),
        { cause: err },
      );
    }
  }
}
