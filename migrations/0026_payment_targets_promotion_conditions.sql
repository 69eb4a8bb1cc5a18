ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_target";--> statement-breakpoint
ALTER TABLE "refund_allocations" ALTER COLUMN "line_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "applies_to" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "free_shipping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_allocations" ADD COLUMN "type" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_allocations" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_target" CHECK (("payment_allocations"."type" = 0 and "payment_allocations"."line_item_id" is not null and "payment_allocations"."fee_id" is null and "payment_allocations"."tax_name" is null)
    or ("payment_allocations"."type" = 1 and "payment_allocations"."line_item_id" is null and "payment_allocations"."fee_id" is not null and "payment_allocations"."tax_name" is null)
    or ("payment_allocations"."type" = 2 and "payment_allocations"."line_item_id" is null and "payment_allocations"."fee_id" is null and "payment_allocations"."tax_name" is null)
    or ("payment_allocations"."type" = 3 and "payment_allocations"."line_item_id" is null and "payment_allocations"."fee_id" is null and "payment_allocations"."tax_name" is not null));--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_applies_to" CHECK ("promotions"."applies_to" in ('all', 'parts'));--> statement-breakpoint
ALTER TABLE "refund_allocations" ADD CONSTRAINT "refund_allocations_target" CHECK (("refund_allocations"."type" = 0 and "refund_allocations"."line_item_id" is not null and "refund_allocations"."tax_name" is null)
    or ("refund_allocations"."type" = 1 and "refund_allocations"."line_item_id" is null and false and "refund_allocations"."tax_name" is null)
    or ("refund_allocations"."type" = 2 and "refund_allocations"."line_item_id" is null and "refund_allocations"."tax_name" is null)
    or ("refund_allocations"."type" = 3 and "refund_allocations"."line_item_id" is null and "refund_allocations"."tax_name" is not null));--> statement-breakpoint
-- The demo's Parts Bundle comes off parts only; a new seed sets it the same way.
UPDATE "promotions" SET "applies_to" = 'parts' WHERE "code" = 'PARTS25';
