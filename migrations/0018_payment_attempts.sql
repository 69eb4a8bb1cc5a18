CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"provider_key" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"total_cents" integer NOT NULL,
	"token" text,
	"saved_method_id" integer,
	"provider_ref" text,
	"provider_info" jsonb,
	"reservations" jsonb NOT NULL,
	"request" jsonb NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"refund_ref" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_status" CHECK ("payment_attempts"."status" in ('reserved', 'charged', 'confirmed', 'released', 'refunding', 'refunded')),
	CONSTRAINT "payment_attempts_kind" CHECK ("payment_attempts"."kind" in ('card', 'bank', 'none'))
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_open_idx" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."status" in ('reserved', 'charged');--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("lease_until") WHERE "payment_attempts"."status" in ('reserved', 'charged', 'refunding');--> statement-breakpoint
CREATE INDEX "payment_attempts_key_idx" ON "payment_attempts" USING btree ("user_id","idempotency_key");