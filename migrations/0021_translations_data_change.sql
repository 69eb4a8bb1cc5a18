-- Custom SQL migration (the catalogue in four languages).
-- Catalogue content (product names, categories, options, promotions, channels) is translated in the
-- translations table under the marker 'cat:', and every app process keeps those translations in its
-- read model (src/features/translations/catalog-text.ts), as pages cached per locale do: the same
-- data_change trigger as the catalogue tables (migration 0007) tells every process to drop them when
-- the table is written, by the translation editor, a seed or psql.
DROP TRIGGER IF EXISTS data_change ON translations;
--> statement-breakpoint
CREATE TRIGGER data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON translations FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
