DROP INDEX "persons_email_idx";--> statement-breakpoint
DROP INDEX "persons_last_name_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_person_idx";--> statement-breakpoint
DROP INDEX "orders_channel_idx";--> statement-breakpoint
DROP INDEX "orders_erp_idx";--> statement-breakpoint
DROP INDEX "orders_po_number_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "persons_first_name_idx" ON "persons" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "persons_phone_idx" ON "persons" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "order_line_items_unpaid_idx" ON "order_line_items" USING btree ("order_id") WHERE "order_line_items"."unpaid_total" > 0;--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "persons_email_idx" ON "persons" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "persons_last_name_idx" ON "persons" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_person_idx" ON "orders" USING btree ("person_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_channel_idx" ON "orders" USING btree ("channel_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_erp_idx" ON "orders" USING btree (lower("erp_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_po_number_idx" ON "orders" USING btree (lower("po_number") text_pattern_ops);