CREATE TABLE "core_tax_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"taxable" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_prices" ADD COLUMN "core_charge" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "core_charge" numeric(12, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "core_tax_rules_place_uq" ON "core_tax_rules" USING btree ("country","region");--> statement-breakpoint
ALTER TABLE "channel_prices" ADD CONSTRAINT "channel_prices_core_charge_positive" CHECK ("channel_prices"."core_charge" is null or "channel_prices"."core_charge" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_core_charge_positive" CHECK ("products"."core_charge" is null or "products"."core_charge" > 0);