CREATE TABLE "member_limits" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"per_order_limit" numeric(12, 2),
	"per_period_limit" numeric(12, 2),
	"period" text DEFAULT 'month' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_limits_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id"),
	CONSTRAINT "member_limits_period" CHECK ("member_limits"."period" in ('month', 'quarter')),
	CONSTRAINT "member_limits_non_negative" CHECK (("member_limits"."per_order_limit" is null or "member_limits"."per_order_limit" >= 0) and ("member_limits"."per_period_limit" is null or "member_limits"."per_period_limit" >= 0))
);
--> statement-breakpoint
CREATE TABLE "order_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"choice" jsonb NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_approvals_status" CHECK ("order_approvals"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "member_limits" ADD CONSTRAINT "member_limits_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_limits" ADD CONSTRAINT "member_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_limits_user_idx" ON "member_limits" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_approvals_one_pending_uq" ON "order_approvals" USING btree ("order_id") WHERE "order_approvals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "order_approvals_org_status_idx" ON "order_approvals" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE INDEX "order_approvals_requested_by_idx" ON "order_approvals" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "order_approvals_decided_by_idx" ON "order_approvals" USING btree ("decided_by");