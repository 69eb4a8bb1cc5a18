-- Invalidation by tag: a write to a product's own rows names the products it touched, so
-- each app process empties the pages of those products and the listings, not every cached page.
-- Payload `table:id,id,…` (the product ids, from the statement's transition table); a statement
-- touching more than 200 products, and TRUNCATE, send the table's name alone ("anything in it").
-- Other tables keep migration 0007's statement trigger (payload: the table's name).
CREATE OR REPLACE FUNCTION notify_data_change_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  n int;
BEGIN
  EXECUTE format('SELECT count(DISTINCT %1$I), string_agg(DISTINCT %1$I::text, '','') FROM changed_rows', TG_ARGV[0]) INTO n, ids;
  IF n = 0 THEN
    RETURN NULL;
  ELSIF n > 200 THEN
    PERFORM pg_notify('data_change', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('data_change', TG_TABLE_NAME || ':' || ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  col text;
BEGIN
  FOR t, col IN SELECT * FROM (VALUES ('products', 'id'), ('channel_prices', 'product_id'), ('product_options', 'product_id'), ('product_categories', 'product_id')) AS v(t, col) LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS data_change ON %I', t);
    EXECUTE format('CREATE TRIGGER data_change AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change()', t);
    EXECUTE format('CREATE TRIGGER data_change_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change_rows(%L)', t, col);
    EXECUTE format('CREATE TRIGGER data_change_update_new AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change_rows(%L)', t, col);
    EXECUTE format('CREATE TRIGGER data_change_update_old AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change_rows(%L)', t, col);
    EXECUTE format('CREATE TRIGGER data_change_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change_rows(%L)', t, col);
  END LOOP;
END
$$;
