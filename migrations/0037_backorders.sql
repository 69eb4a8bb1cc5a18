CREATE TABLE "restock_expectations" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"expected_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restock_expectations_quantity" CHECK ("restock_expectations"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allow_backorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD COLUMN "backordered_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD COLUMN "backorder_ship_on" date;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD COLUMN "backorder_shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restock_expectations" ADD CONSTRAINT "restock_expectations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_expectations" ADD CONSTRAINT "restock_expectations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_expectations" ADD CONSTRAINT "restock_expectations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restock_expectations_product_idx" ON "restock_expectations" USING btree ("product_id","expected_on");--> statement-breakpoint
CREATE INDEX "restock_expectations_warehouse_idx" ON "restock_expectations" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "order_line_items_backorder_idx" ON "order_line_items" USING btree ("backorder_ship_on") WHERE "order_line_items"."backordered_quantity" > 0;