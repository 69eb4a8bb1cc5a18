ALTER TABLE "orders" ADD COLUMN "machine_down" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "machine_down_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_machine_down_idx" ON "orders" USING btree ("machine_down","created_at","id");