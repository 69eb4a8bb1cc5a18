-- Cart changes as HOT updates. A cart quantity change rewrites its order row (totals) and a line
-- (quantity, totals). An index that reads a changed column, even only in its WHERE, makes PostgreSQL write
-- a new entry in every index of the table (17 on orders) instead of updating the row in place. The sort by
-- total now reads placed_total (null on a cart, so it stays put while the cart changes) and the "owing"
-- index reads owing (true while unpaid_total > 0), both kept by the database.
DROP INDEX "orders_total_idx";--> statement-breakpoint
DROP INDEX "order_line_items_unpaid_idx";--> statement-breakpoint
ALTER TABLE "order_line_items" ADD COLUMN "owing" boolean GENERATED ALWAYS AS (unpaid_total > 0) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_total" numeric(12, 2) GENERATED ALWAYS AS (case when status <> 'cart' then total end) STORED;--> statement-breakpoint
CREATE INDEX "orders_placed_total_idx" ON "orders" USING btree ("placed_total","id");--> statement-breakpoint
CREATE INDEX "order_line_items_unpaid_idx" ON "order_line_items" USING btree ("order_id") WHERE "order_line_items"."owing";