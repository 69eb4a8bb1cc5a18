CREATE TABLE "epp_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"eligible" boolean DEFAULT true NOT NULL,
	"epp_promotion_id" integer,
	CONSTRAINT "epp_products_promo_needs_eligible" CHECK ("epp_products"."epp_promotion_id" is null or "epp_products"."eligible")
);
--> statement-breakpoint
CREATE TABLE "epp_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"months" integer NOT NULL,
	"interest_rate_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"fee_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "epp_promotions_code_unique" UNIQUE("code"),
	CONSTRAINT "epp_promotions_months" CHECK ("epp_promotions"."months" between 1 and 120),
	CONSTRAINT "epp_promotions_rates" CHECK ("epp_promotions"."interest_rate_percent" >= 0 and "epp_promotions"."fee_percent" >= 0),
	CONSTRAINT "epp_promotions_window" CHECK ("epp_promotions"."starts_at" is null or "epp_promotions"."ends_at" is null or "epp_promotions"."ends_at" > "epp_promotions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "order_epp_installments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "order_epp_installments_amount" CHECK ("order_epp_installments"."amount" >= 0 and "order_epp_installments"."seq" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_epp_plans" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"epp_promotion_id" integer,
	"percent_down" integer NOT NULL,
	"months" integer NOT NULL,
	"down_payment" numeric(12, 2) NOT NULL,
	"amount_financed" numeric(12, 2) NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	"interest" numeric(12, 2) NOT NULL,
	"finance_charge" numeric(12, 2) NOT NULL,
	"total_of_payments" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"interest_rate_percent" numeric(5, 2) NOT NULL,
	"apr" numeric(7, 2) NOT NULL,
	"down_payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_epp_plans_kind" CHECK ("order_epp_plans"."kind" in ('standard', 'promo')),
	CONSTRAINT "order_epp_plans_sums" CHECK ("order_epp_plans"."down_payment" + "order_epp_plans"."total_of_payments" = "order_epp_plans"."total" and "order_epp_plans"."amount_financed" + "order_epp_plans"."finance_charge" = "order_epp_plans"."total_of_payments"),
	CONSTRAINT "order_epp_plans_nonnegative" CHECK ("order_epp_plans"."down_payment" >= 0 and "order_epp_plans"."amount_financed" >= 0 and "order_epp_plans"."fee" >= 0 and "order_epp_plans"."interest" >= 0 and "order_epp_plans"."apr" >= 0)
);
--> statement-breakpoint
ALTER TABLE "epp_rules" ADD COLUMN "interest_rate_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "epp_rules" ADD COLUMN "products_eligible_by_default" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "epp_products" ADD CONSTRAINT "epp_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epp_products" ADD CONSTRAINT "epp_products_epp_promotion_id_epp_promotions_id_fk" FOREIGN KEY ("epp_promotion_id") REFERENCES "public"."epp_promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_epp_installments" ADD CONSTRAINT "order_epp_installments_order_id_order_epp_plans_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_epp_plans"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_epp_plans" ADD CONSTRAINT "order_epp_plans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_epp_plans" ADD CONSTRAINT "order_epp_plans_epp_promotion_id_epp_promotions_id_fk" FOREIGN KEY ("epp_promotion_id") REFERENCES "public"."epp_promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_epp_plans" ADD CONSTRAINT "order_epp_plans_down_payment_id_payments_id_fk" FOREIGN KEY ("down_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "epp_products_promotion_idx" ON "epp_products" USING btree ("epp_promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_epp_installments_seq_uq" ON "order_epp_installments" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "order_epp_plans_promotion_idx" ON "order_epp_plans" USING btree ("epp_promotion_id");--> statement-breakpoint
CREATE INDEX "order_epp_plans_payment_idx" ON "order_epp_plans" USING btree ("down_payment_id");--> statement-breakpoint
ALTER TABLE "epp_rules" ADD CONSTRAINT "epp_rules_rate" CHECK ("epp_rules"."interest_rate_percent" >= 0);