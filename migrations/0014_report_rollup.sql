CREATE TABLE "report_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"channel_id" integer NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	"subtotal" numeric(16, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"shipping" numeric(16, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(16, 2) DEFAULT '0' NOT NULL,
	"subtotal_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"discount_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"shipping_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"tax_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_usd" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_line_facts" (
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel_id" integer NOT NULL,
	"status" text NOT NULL,
	"quantity" integer NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_discounted" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unpaid_total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"discount_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_discounted_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_total_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unpaid_total_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "report_line_facts_order_id_product_id_pk" PRIMARY KEY("order_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "report_order_facts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"channel_id" integer NOT NULL,
	"status" text NOT NULL,
	"subtotal" numeric(16, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"shipping" numeric(16, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(16, 2) DEFAULT '0' NOT NULL,
	"subtotal_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"discount_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"shipping_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"tax_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_usd" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_product_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"channel_id" integer NOT NULL,
	"status" text NOT NULL,
	"product_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_discounted" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unpaid_total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"discount_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_discounted_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_total_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unpaid_total_usd" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_product_months" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"month" date NOT NULL,
	"channel_id" integer NOT NULL,
	"status" text NOT NULL,
	"product_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_discounted" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unpaid_total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"discount_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_discounted_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_total_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unpaid_total_usd" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_deltas_day_idx" ON "report_deltas" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_product_deltas_day_idx" ON "report_product_deltas" USING btree ("day","product_id");--> statement-breakpoint
CREATE INDEX "report_product_months_month_idx" ON "report_product_months" USING btree ("month","product_id");