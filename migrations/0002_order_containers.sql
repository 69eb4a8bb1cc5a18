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
ALTER TABLE "order_container_items" ADD CONSTRAINT "order_container_items_container_id_order_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."order_containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_container_items" ADD CONSTRAINT "order_container_items_line_item_id_order_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_containers" ADD CONSTRAINT "order_containers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_containers" ADD CONSTRAINT "order_containers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_containers" ADD CONSTRAINT "order_containers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_container_items_line_idx" ON "order_container_items" USING btree ("line_item_id");--> statement-breakpoint
CREATE INDEX "order_containers_order_idx" ON "order_containers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_containers_warehouse_idx" ON "order_containers" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "order_containers_created_by_idx" ON "order_containers" USING btree ("created_by");