ALTER TABLE "leads" ADD COLUMN "dealer_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_dealer_created_idx" ON "leads" USING btree ("dealer_id","created_at");