CREATE TABLE "core_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"inspected" boolean DEFAULT true NOT NULL,
	"credit" numeric(12, 2) NOT NULL,
	"tax_credit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reason" text,
	"refund_id" integer,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "core_returns_quantity" CHECK ("core_returns"."quantity" > 0),
	CONSTRAINT "core_returns_credit" CHECK ("core_returns"."credit" >= 0 and "core_returns"."tax_credit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "core_tax_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"taxable" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_line_cores" (
	"line_item_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"unit_deposit" numeric(12, 2) NOT NULL,
	"deposit" numeric(12, 2) NOT NULL,
	"taxed" boolean DEFAULT false NOT NULL,
	"tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "order_line_cores_amounts" CHECK ("order_line_cores"."unit_deposit" > 0 and "order_line_cores"."deposit" > 0 and "order_line_cores"."tax" >= 0)
);
--> statement-breakpoint
ALTER TABLE "channel_prices" ADD COLUMN "core_charge" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "core_charge" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "core_returns" ADD CONSTRAINT "core_returns_line_item_id_order_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "core_returns" ADD CONSTRAINT "core_returns_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "core_returns" ADD CONSTRAINT "core_returns_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_cores" ADD CONSTRAINT "order_line_cores_line_item_id_order_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_cores" ADD CONSTRAINT "order_line_cores_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "core_returns_line_idx" ON "core_returns" USING btree ("line_item_id");--> statement-breakpoint
CREATE INDEX "core_returns_refund_idx" ON "core_returns" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "core_returns_staff_idx" ON "core_returns" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "core_tax_rules_place_uq" ON "core_tax_rules" USING btree ("country","region");--> statement-breakpoint
CREATE INDEX "order_line_cores_order_idx" ON "order_line_cores" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_core_charge_positive" CHECK ("products"."core_charge" is null or "products"."core_charge" > 0);