CREATE TABLE "organisation_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "organisation_invites_email_lower" CHECK ("organisation_invites"."email" = lower("organisation_invites"."email"))
);
--> statement-breakpoint
CREATE TABLE "organisation_permissions" (
	"organisation_id" integer NOT NULL,
	"permission_key" text NOT NULL,
	"granted" boolean DEFAULT true NOT NULL,
	"reason" text,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_permissions_organisation_id_permission_key_pk" PRIMARY KEY("organisation_id","permission_key")
);
--> statement-breakpoint
ALTER TABLE "user_permissions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD COLUMN "granted_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_exempt_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_invites" ADD CONSTRAINT "organisation_invites_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invites" ADD CONSTRAINT "organisation_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invites" ADD CONSTRAINT "organisation_invites_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_permissions" ADD CONSTRAINT "organisation_permissions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_permissions" ADD CONSTRAINT "organisation_permissions_permission_key_permissions_key_fk" FOREIGN KEY ("permission_key") REFERENCES "public"."permissions"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_permissions" ADD CONSTRAINT "organisation_permissions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_invites_organisation_idx" ON "organisation_invites" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "organisation_invites_invited_by_idx" ON "organisation_invites" USING btree ("invited_by");--> statement-breakpoint
CREATE INDEX "organisation_invites_used_by_idx" ON "organisation_invites" USING btree ("used_by");--> statement-breakpoint
CREATE INDEX "organisation_invites_expires_idx" ON "organisation_invites" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "organisation_permissions_permission_idx" ON "organisation_permissions" USING btree ("permission_key");--> statement-breakpoint
CREATE INDEX "organisation_permissions_granted_by_idx" ON "organisation_permissions" USING btree ("granted_by");--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_permissions_granted_by_idx" ON "user_permissions" USING btree ("granted_by");