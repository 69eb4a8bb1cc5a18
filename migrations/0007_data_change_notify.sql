-- Every app process keeps a read model of what rarely changes (catalogue, prices, channels,
-- shipping tables, signed-in users' permissions) and must drop it when any process, or anyone
-- with psql, writes those tables. A statement-level trigger tells every listener which table
-- changed: NOTIFY data_change, payload = the table's name, sent when the transaction commits
-- (PostgreSQL folds repeats within a transaction into one). Stock (inventory), carts and orders
-- change all the time and are not cached, so they have no trigger.
CREATE OR REPLACE FUNCTION notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'categories', 'products', 'product_categories', 'product_options', 'option_choices', 'channel_prices',
    'parts_diagrams', 'diagram_components', 'instructionals', 'currencies', 'channels', 'channel_countries',
    'channel_payment_methods', 'channel_warehouses', 'warehouses', 'countries', 'regions', 'shipping_rates',
    'users', 'role_permissions', 'user_permissions'
  ] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS data_change ON %I', t);
    EXECUTE format('CREATE TRIGGER data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change()', t);
  END LOOP;
END
$$;
