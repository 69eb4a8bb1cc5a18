-- Custom SQL migration (hand-written): an order's date is the moment it was placed.
-- orders.created_at is the cart's creation while the order is a cart; when the order leaves the
-- cart (checkout's placement) or a staff draft is submitted to the customer, created_at becomes
-- the placement moment (submitted_at, which both paths stamp; now() if not). The back office's
-- order list, the dashboard, the order report and the report rollup (0014/0015) all read
-- created_at, so they date the order on the day it was placed, as the confirmation, the account
-- page and the log do. An UPDATE that sets created_at itself keeps its value.
CREATE OR REPLACE FUNCTION orders_placement_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.created_at IS NOT DISTINCT FROM OLD.created_at THEN
    NEW.created_at := coalesce(NEW.submitted_at, now());
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_placement_date BEFORE UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.status = 'cart' AND NEW.status <> 'cart') OR (OLD.draft AND NOT NEW.draft))
  EXECUTE FUNCTION orders_placement_date();
--> statement-breakpoint
-- Orders placed before this migration: dated by their placement, then the rollup rebuilt once
-- (its triggers off for the bulk update, on again after).
SELECT set_config('app.report_rollup', 'off', true);
--> statement-breakpoint
UPDATE orders SET created_at = submitted_at WHERE status <> 'cart' AND submitted_at IS NOT NULL AND created_at < submitted_at;
--> statement-breakpoint
SELECT set_config('app.report_rollup', '', true);
--> statement-breakpoint
SELECT report_rebuild();
