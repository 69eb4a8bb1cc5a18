-- Custom SQL migration: the order report's rollup (tables in 0014, src/db/schema/reports.ts).
-- Product sums are kept by day and by month (report_product_months: whole months of a period).
-- report_refresh_order(id) takes an order's old facts out of the sums and puts its current ones in;
-- triggers on orders, order_line_items, payments and channels (rate) call it in the writing
-- transaction, so the rollup always equals the report computed from the orders. The sums are
-- append-only deltas (report_compact() folds them together); report_rebuild() recomputes
-- everything in bulk (after a seed, and here for a database that already holds orders).
-- `set local app.report_rollup = 'off'` turns the triggers off for a transaction (the seed does,
-- then rebuilds once).
-- What each placed order (and each of its products) counts for now: one definition, read by the
-- refresh (one order: the planner pushes order_id down, into the payments sum too) and by the rebuild.
CREATE VIEW report_order_facts_now AS
  SELECT o.id AS order_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, o.channel_id, o.status,
    o.subtotal, o.discount, o.shipping, o.tax, o.total, p.paid, round(o.subtotal / c.mid_market_rate, 2) AS subtotal_usd, round(o.discount / c.mid_market_rate, 2) AS discount_usd, round(o.shipping / c.mid_market_rate, 2) AS shipping_usd, round(o.tax / c.mid_market_rate, 2) AS tax_usd, round(o.total / c.mid_market_rate, 2) AS total_usd, round(p.paid / c.mid_market_rate, 2) AS paid_usd
  FROM orders o
  JOIN channels c ON c.id = o.channel_id
  LEFT JOIN (SELECT pp.order_id, sum(pp.total) AS paid FROM payments pp WHERE pp.successful GROUP BY pp.order_id) pay ON pay.order_id = o.id
  CROSS JOIN LATERAL (SELECT least(coalesce(pay.paid, 0), o.total) AS paid) p
  WHERE o.status <> 'cart';
--> statement-breakpoint
CREATE VIEW report_line_facts_now AS
  SELECT o.id AS order_id, li.product_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, o.channel_id, o.status,
    sum(li.quantity)::int AS quantity, sum(li.total) AS total, sum(li.discount) AS discount, sum(li.total_discounted) AS total_discounted, sum(li.paid_total) AS paid_total, sum(li.unpaid_total) AS unpaid_total, sum(round(li.total / c.mid_market_rate, 2)) AS total_usd, sum(round(li.discount / c.mid_market_rate, 2)) AS discount_usd, sum(round(li.total_discounted / c.mid_market_rate, 2)) AS total_discounted_usd, sum(round(li.paid_total / c.mid_market_rate, 2)) AS paid_total_usd, sum(round(li.unpaid_total / c.mid_market_rate, 2)) AS unpaid_total_usd
  FROM orders o
  JOIN channels c ON c.id = o.channel_id
  JOIN order_line_items li ON li.order_id = o.id AND li.line_type IN (0, 1, 2) AND li.product_id IS NOT NULL
  WHERE o.status <> 'cart'
  GROUP BY o.id, li.product_id, o.created_at, o.channel_id, o.status;
--> statement-breakpoint
-- parts: 'all', 'order' (the order's own amounts: a payment, a new total) or 'lines' (its product
-- lines). A change of the order's key (status, day, channel) is 'all': its lines count under it.
CREATE OR REPLACE FUNCTION report_refresh_order(oid integer, parts text DEFAULT 'all') RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old_f report_order_facts%ROWTYPE;
  new_f report_order_facts%ROWTYPE;
  had boolean;
  has boolean;
BEGIN
  -- Carts count nowhere: most line and total changes are carts', and cost two index probes here.
  IF NOT EXISTS (SELECT 1 FROM report_order_facts WHERE order_id = oid)
     AND NOT EXISTS (SELECT 1 FROM orders WHERE id = oid AND status <> 'cart') THEN
    RETURN;
  END IF;
  -- The order's own row lock: two transactions never refresh one order at once (the second one's
  -- statements then see the first one's facts, and take them out).
  PERFORM 1 FROM orders WHERE id = oid FOR NO KEY UPDATE;

  IF parts <> 'lines' THEN
  DELETE FROM report_order_facts WHERE order_id = oid RETURNING * INTO old_f;
  had := FOUND;
  INSERT INTO report_order_facts (order_id, day, channel_id, status, subtotal, discount, shipping, tax, total, paid, subtotal_usd, discount_usd, shipping_usd, tax_usd, total_usd, paid_usd)
    SELECT order_id, day, channel_id, status, subtotal, discount, shipping, tax, total, paid, subtotal_usd, discount_usd, shipping_usd, tax_usd, total_usd, paid_usd FROM report_order_facts_now WHERE order_id = oid
  RETURNING * INTO new_f;
  has := FOUND;
  IF had AND NOT (has AND (old_f.day, old_f.channel_id, old_f.status, old_f.subtotal, old_f.discount, old_f.shipping, old_f.tax, old_f.total, old_f.paid, old_f.subtotal_usd, old_f.discount_usd, old_f.shipping_usd, old_f.tax_usd, old_f.total_usd, old_f.paid_usd) = (new_f.day, new_f.channel_id, new_f.status, new_f.subtotal, new_f.discount, new_f.shipping, new_f.tax, new_f.total, new_f.paid, new_f.subtotal_usd, new_f.discount_usd, new_f.shipping_usd, new_f.tax_usd, new_f.total_usd, new_f.paid_usd)) THEN
    INSERT INTO report_deltas (day, channel_id, status, orders, subtotal, discount, shipping, tax, total, paid, subtotal_usd, discount_usd, shipping_usd, tax_usd, total_usd, paid_usd)
      VALUES (old_f.day, old_f.channel_id, old_f.status, -1, -old_f.subtotal, -old_f.discount, -old_f.shipping, -old_f.tax, -old_f.total, -old_f.paid, -old_f.subtotal_usd, -old_f.discount_usd, -old_f.shipping_usd, -old_f.tax_usd, -old_f.total_usd, -old_f.paid_usd);
  END IF;
  IF has AND NOT (had AND (old_f.day, old_f.channel_id, old_f.status, old_f.subtotal, old_f.discount, old_f.shipping, old_f.tax, old_f.total, old_f.paid, old_f.subtotal_usd, old_f.discount_usd, old_f.shipping_usd, old_f.tax_usd, old_f.total_usd, old_f.paid_usd) = (new_f.day, new_f.channel_id, new_f.status, new_f.subtotal, new_f.discount, new_f.shipping, new_f.tax, new_f.total, new_f.paid, new_f.subtotal_usd, new_f.discount_usd, new_f.shipping_usd, new_f.tax_usd, new_f.total_usd, new_f.paid_usd)) THEN
    INSERT INTO report_deltas (day, channel_id, status, orders, subtotal, discount, shipping, tax, total, paid, subtotal_usd, discount_usd, shipping_usd, tax_usd, total_usd, paid_usd)
      VALUES (new_f.day, new_f.channel_id, new_f.status, 1, new_f.subtotal, new_f.discount, new_f.shipping, new_f.tax, new_f.total, new_f.paid, new_f.subtotal_usd, new_f.discount_usd, new_f.shipping_usd, new_f.tax_usd, new_f.total_usd, new_f.paid_usd);
  END IF;
  END IF;

  IF parts = 'order' THEN RETURN; END IF;
  WITH gone AS (DELETE FROM report_line_facts WHERE order_id = oid RETURNING *),
    by_day AS (
      INSERT INTO report_product_deltas (day, channel_id, status, product_id, orders, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd)
        SELECT day, channel_id, status, product_id, -1, -quantity, -total, -discount, -total_discounted, -paid_total, -unpaid_total, -total_usd, -discount_usd, -total_discounted_usd, -paid_total_usd, -unpaid_total_usd FROM gone)
  INSERT INTO report_product_months (month, channel_id, status, product_id, orders, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd)
    SELECT date_trunc('month', day)::date, channel_id, status, product_id, -1, -quantity, -total, -discount, -total_discounted, -paid_total, -unpaid_total, -total_usd, -discount_usd, -total_discounted_usd, -paid_total_usd, -unpaid_total_usd FROM gone;
  WITH came AS (
    INSERT INTO report_line_facts (order_id, product_id, day, channel_id, status, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd)
      SELECT order_id, product_id, day, channel_id, status, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd FROM report_line_facts_now WHERE order_id = oid
    RETURNING *),
    by_day AS (
      INSERT INTO report_product_deltas (day, channel_id, status, product_id, orders, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd)
        SELECT day, channel_id, status, product_id, 1, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd FROM came)
  INSERT INTO report_product_months (month, channel_id, status, product_id, orders, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd)
    SELECT date_trunc('month', day)::date, channel_id, status, product_id, 1, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd FROM came;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('app.report_rollup', true), '') = 'off' THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'orders' THEN
    IF TG_OP = 'UPDATE' THEN
      PERFORM report_refresh_order(OLD.id, CASE WHEN (OLD.status, OLD.created_at, OLD.channel_id) IS NOT DISTINCT FROM (NEW.status, NEW.created_at, NEW.channel_id) THEN 'order' ELSE 'all' END);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM report_refresh_order(OLD.id);
    ELSE
      PERFORM report_refresh_order(NEW.id);
    END IF;
  ELSIF TG_TABLE_NAME = 'channels' THEN
    PERFORM report_refresh_order(f.order_id) FROM report_order_facts f WHERE f.channel_id = NEW.id ORDER BY f.order_id;
  ELSE
    -- payments change what the order has paid; lines change its product figures.
    IF TG_OP <> 'INSERT' THEN PERFORM report_refresh_order(OLD.order_id, CASE WHEN TG_TABLE_NAME = 'payments' THEN 'order' ELSE 'lines' END); END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
      PERFORM report_refresh_order(NEW.order_id, CASE WHEN TG_TABLE_NAME = 'payments' THEN 'order' ELSE 'lines' END);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_rollup_insert AFTER INSERT ON orders FOR EACH ROW WHEN (NEW.status <> 'cart') EXECUTE FUNCTION report_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER report_rollup_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.status <> 'cart' OR NEW.status <> 'cart') AND (OLD.status, OLD.created_at, OLD.channel_id, OLD.subtotal, OLD.discount, OLD.shipping, OLD.tax, OLD.total)
    IS DISTINCT FROM (NEW.status, NEW.created_at, NEW.channel_id, NEW.subtotal, NEW.discount, NEW.shipping, NEW.tax, NEW.total))
  EXECUTE FUNCTION report_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER report_rollup_delete AFTER DELETE ON orders FOR EACH ROW WHEN (OLD.status <> 'cart') EXECUTE FUNCTION report_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER report_rollup_insert_delete AFTER INSERT OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION report_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER report_rollup_update AFTER UPDATE ON payments FOR EACH ROW
  WHEN ((OLD.order_id, OLD.successful, OLD.total) IS DISTINCT FROM (NEW.order_id, NEW.successful, NEW.total))
  EXECUTE FUNCTION report_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER report_rollup_insert_delete AFTER INSERT OR DELETE ON order_line_items FOR EACH ROW EXECUTE FUNCTION report_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER report_rollup_update AFTER UPDATE ON order_line_items FOR EACH ROW
  WHEN ((OLD.order_id, OLD.product_id, OLD.line_type, OLD.quantity, OLD.total, OLD.discount, OLD.total_discounted, OLD.paid_total, OLD.unpaid_total)
    IS DISTINCT FROM (NEW.order_id, NEW.product_id, NEW.line_type, NEW.quantity, NEW.total, NEW.discount, NEW.total_discounted, NEW.paid_total, NEW.unpaid_total))
  EXECUTE FUNCTION report_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER report_rollup_rate AFTER UPDATE ON channels FOR EACH ROW
  WHEN (OLD.mid_market_rate IS DISTINCT FROM NEW.mid_market_rate)
  EXECUTE FUNCTION report_rollup_trigger();
--> statement-breakpoint
-- Everything again, in bulk: the facts of every placed order, then their sums, compacted.
CREATE OR REPLACE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_order_facts;
  DELETE FROM report_line_facts;
  DELETE FROM report_deltas;
  DELETE FROM report_product_deltas;
  DELETE FROM report_product_months;
  INSERT INTO report_order_facts (order_id, day, channel_id, status, subtotal, discount, shipping, tax, total, paid, subtotal_usd, discount_usd, shipping_usd, tax_usd, total_usd, paid_usd) SELECT order_id, day, channel_id, status, subtotal, discount, shipping, tax, total, paid, subtotal_usd, discount_usd, shipping_usd, tax_usd, total_usd, paid_usd FROM report_order_facts_now;
  INSERT INTO report_line_facts (order_id, product_id, day, channel_id, status, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd) SELECT order_id, product_id, day, channel_id, status, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd FROM report_line_facts_now;
  INSERT INTO report_deltas (day, channel_id, status, orders, subtotal, discount, shipping, tax, total, paid, subtotal_usd, discount_usd, shipping_usd, tax_usd, total_usd, paid_usd)
    SELECT day, channel_id, status, count(*), sum(subtotal), sum(discount), sum(shipping), sum(tax), sum(total), sum(paid), sum(subtotal_usd), sum(discount_usd), sum(shipping_usd), sum(tax_usd), sum(total_usd), sum(paid_usd) FROM report_order_facts GROUP BY day, channel_id, status;
  INSERT INTO report_product_deltas (day, channel_id, status, product_id, orders, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd)
    SELECT day, channel_id, status, product_id, count(*), sum(quantity), sum(total), sum(discount), sum(total_discounted), sum(paid_total), sum(unpaid_total), sum(total_usd), sum(discount_usd), sum(total_discounted_usd), sum(paid_total_usd), sum(unpaid_total_usd) FROM report_line_facts GROUP BY day, channel_id, status, product_id;
  INSERT INTO report_product_months (month, channel_id, status, product_id, orders, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd)
    SELECT date_trunc('month', day)::date, channel_id, status, product_id, count(*), sum(quantity), sum(total), sum(discount), sum(total_discounted), sum(paid_total), sum(unpaid_total), sum(total_usd), sum(discount_usd), sum(total_discounted_usd), sum(paid_total_usd), sum(unpaid_total_usd) FROM report_line_facts GROUP BY 1, channel_id, status, product_id;
  -- Statistics for the new rows (a bulk load leaves none, and the planner then guesses badly).
  ANALYZE report_order_facts, report_line_facts, report_deltas, report_product_deltas, report_product_months;
END $$;
--> statement-breakpoint
-- The deltas folded into one row per key (rows a concurrent transaction has not committed yet
-- are not seen, so not deleted: they stay, uncompacted, and count as before). Returns rows removed.
CREATE OR REPLACE FUNCTION report_compact() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  before_n integer;
  after_n integer;
BEGIN
  SELECT (SELECT count(*) FROM report_deltas) + (SELECT count(*) FROM report_product_deltas) + (SELECT count(*) FROM report_product_months) INTO before_n;
  WITH gone AS (DELETE FROM report_deltas RETURNING *)
  INSERT INTO report_deltas (day, channel_id, status, orders, subtotal, discount, shipping, tax, total, paid, subtotal_usd, discount_usd, shipping_usd, tax_usd, total_usd, paid_usd)
    SELECT day, channel_id, status, sum(orders), sum(subtotal), sum(discount), sum(shipping), sum(tax), sum(total), sum(paid), sum(subtotal_usd), sum(discount_usd), sum(shipping_usd), sum(tax_usd), sum(total_usd), sum(paid_usd) FROM gone GROUP BY day, channel_id, status HAVING sum(orders) <> 0;
  WITH gone AS (DELETE FROM report_product_deltas RETURNING *)
  INSERT INTO report_product_deltas (day, channel_id, status, product_id, orders, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd)
    SELECT day, channel_id, status, product_id, sum(orders), sum(quantity), sum(total), sum(discount), sum(total_discounted), sum(paid_total), sum(unpaid_total), sum(total_usd), sum(discount_usd), sum(total_discounted_usd), sum(paid_total_usd), sum(unpaid_total_usd) FROM gone GROUP BY day, channel_id, status, product_id HAVING sum(orders) <> 0;
  WITH gone AS (DELETE FROM report_product_months RETURNING *)
  INSERT INTO report_product_months (month, channel_id, status, product_id, orders, quantity, total, discount, total_discounted, paid_total, unpaid_total, total_usd, discount_usd, total_discounted_usd, paid_total_usd, unpaid_total_usd)
    SELECT month, channel_id, status, product_id, sum(orders), sum(quantity), sum(total), sum(discount), sum(total_discounted), sum(paid_total), sum(unpaid_total), sum(total_usd), sum(discount_usd), sum(total_discounted_usd), sum(paid_total_usd), sum(unpaid_total_usd) FROM gone GROUP BY month, channel_id, status, product_id HAVING sum(orders) <> 0;
  SELECT (SELECT count(*) FROM report_deltas) + (SELECT count(*) FROM report_product_deltas) + (SELECT count(*) FROM report_product_months) INTO after_n;
  RETURN before_n - after_n;
END $$;
--> statement-breakpoint
SELECT report_rebuild();
