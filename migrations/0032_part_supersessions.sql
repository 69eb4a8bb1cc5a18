CREATE TABLE "part_supersessions" (
	"product_id" integer NOT NULL,
	"replaced_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_supersessions_product_id_replaced_by_id_pk" PRIMARY KEY("product_id","replaced_by_id"),
	CONSTRAINT "part_supersessions_not_itself" CHECK ("part_supersessions"."product_id" <> "part_supersessions"."replaced_by_id")
);
--> statement-breakpoint
ALTER TABLE "part_supersessions" ADD CONSTRAINT "part_supersessions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_supersessions" ADD CONSTRAINT "part_supersessions_replaced_by_id_products_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "part_supersessions_replaced_by_idx" ON "part_supersessions" USING btree ("replaced_by_id");