CREATE TABLE "quote_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"author_id" integer,
	"author" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_messages_author" CHECK ("quote_messages"."author" in ('buyer', 'staff')),
	CONSTRAINT "quote_messages_kind" CHECK ("quote_messages"."kind" in ('request', 'offer', 'accept', 'reject')),
	CONSTRAINT "quote_messages_body" CHECK (length("quote_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"organisation_id" integer,
	"status" text DEFAULT 'requested' NOT NULL,
	"expires_on" date,
	"offered_by" integer,
	"offered_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status" CHECK ("quotes"."status" in ('requested', 'offered', 'accepted', 'rejected')),
	CONSTRAINT "quotes_offer_has_expiry" CHECK ("quotes"."status" = 'requested' or "quotes"."expires_on" is not null)
);
--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_messages_quote_idx" ON "quote_messages" USING btree ("quote_id","id");--> statement-breakpoint
CREATE INDEX "quote_messages_author_idx" ON "quote_messages" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_order_uq" ON "quotes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_requested_by_idx" ON "quotes" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "quotes_organisation_idx" ON "quotes" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "quotes_offered_by_idx" ON "quotes" USING btree ("offered_by");--> statement-breakpoint
-- The new key 'quotes.manage' in a database seeded before it existed (an empty registry is left to
-- the seed, which inserts every key itself); admins hold every key, staff handle quotes.
INSERT INTO permissions (key, description)
  SELECT 'quotes.manage', 'See quote requests and send counter-offers'
  WHERE EXISTS (SELECT 1 FROM permissions) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO role_permissions (role, permission_key)
  SELECT r.role, 'quotes.manage' FROM (VALUES ('admin'), ('staff')) AS r(role)
  WHERE EXISTS (SELECT 1 FROM role_permissions WHERE role_permissions.role = r.role) ON CONFLICT DO NOTHING;
