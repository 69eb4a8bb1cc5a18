ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_type";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_payment_type";--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "net_terms_days" integer;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "credit_limit" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_on") WHERE "orders"."payment_due_on" is not null;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_net_terms" CHECK ("organisations"."net_terms_days" is null or "organisations"."net_terms_days" in (15, 30, 60));--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_credit_limit" CHECK ("organisations"."credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_type" CHECK ("orders"."payment_type" is null or "orders"."payment_type" in (1, 2, 3, 4));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_type" CHECK ("payments"."payment_type" in (1, 2, 3, 4));