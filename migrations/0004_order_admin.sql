CREATE TABLE "order_container_items" (
	"container_id" integer NOT NULL,
	"line_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_container_items_container_id_line_item_id_pk" PRIMARY KEY("container_id","line_item_id"),
	CONSTRAINT "order_container_items_quantity" CHECK ("order_container_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"label" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "order_container_items" ADD CONSTRAINT "order_container_items_container_id_order_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."order_containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_container_items" ADD CONSTRAINT "order_container_items_line_item_id_order_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_containers" ADD CONSTRAINT "order_containers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_containers" ADD CONSTRAINT "order_containers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_containers" ADD CONSTRAINT "order_containers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_container_items_line_idx" ON "order_container_items" USING btree ("line_item_id");--> statement-breakpoint
CREATE INDEX "order_containers_order_idx" ON "order_containers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_containers_warehouse_idx" ON "order_containers" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "order_containers_created_by_idx" ON "order_containers" USING btree ("created_by");--> statement-breakpoint
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