CREATE TABLE "instructional_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"instructional_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_url" text,
	"image_alt" text DEFAULT '' NOT NULL,
	CONSTRAINT "instructional_steps_sort" CHECK ("instructional_steps"."sort" >= 0)
);
--> statement-breakpoint
ALTER TABLE "instructional_steps" ADD CONSTRAINT "instructional_steps_instructional_id_instructionals_id_fk" FOREIGN KEY ("instructional_id") REFERENCES "public"."instructionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instructional_steps_instructional_sort_idx" ON "instructional_steps" USING btree ("instructional_id","sort");