CREATE TABLE "bank_sandbox_accounts" (
	"ref" text PRIMARY KEY NOT NULL,
	"public_token" text NOT NULL,
	"client_user_id" text NOT NULL,
	"routing_number" text NOT NULL,
	"mask" text NOT NULL,
	"bank_name" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_type" text NOT NULL,
	"deposit1_cents" integer NOT NULL,
	"deposit2_cents" integer NOT NULL,
	"exchanged" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_sandbox_accounts_public_token_unique" UNIQUE("public_token"),
	CONSTRAINT "bank_sandbox_deposits" CHECK ("bank_sandbox_accounts"."deposit1_cents" between 1 and 99 and "bank_sandbox_accounts"."deposit2_cents" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "bank_sandbox_links" (
	"token" text PRIMARY KEY NOT NULL,
	"client_user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"provider_customer" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"holder_name" text,
	"account_type" text,
	"status" text NOT NULL,
	"verify_attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_kind" CHECK ("payment_methods"."kind" in ('card', 'bank')),
	CONSTRAINT "payment_methods_status" CHECK ("payment_methods"."status" in ('active', 'pending', 'verified', 'locked')),
	CONSTRAINT "payment_methods_last4" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_attempts" CHECK ("payment_methods"."verify_attempts" between 0 and 3),
	CONSTRAINT "payment_methods_account_type" CHECK ("payment_methods"."account_type" is null or "payment_methods"."account_type" in ('checking', 'savings')),
	CONSTRAINT "payment_methods_card_status" CHECK (("payment_methods"."kind" = 'card') = ("payment_methods"."status" = 'active'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_type";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_payment_type";--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default_uq" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_ref_uq" ON "payment_methods" USING btree ("user_id","provider","provider_ref");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_type" CHECK ("orders"."payment_type" is null or "orders"."payment_type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_type" CHECK ("payments"."payment_type" in (1, 2, 3));