CREATE TABLE "customer_machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"serial" text NOT NULL,
	"year" integer NOT NULL,
	"name" text NOT NULL,
	"hours" integer,
	"acres" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_machines_year" CHECK ("customer_machines"."year" between 1950 and 2200),
	CONSTRAINT "customer_machines_hours" CHECK ("customer_machines"."hours" is null or "customer_machines"."hours" between 0 and 1000000),
	CONSTRAINT "customer_machines_acres" CHECK ("customer_machines"."acres" is null or "customer_machines"."acres" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "fitments" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"serial_from" text,
	"serial_to" text,
	"product_id" integer,
	"diagram_id" integer,
	"callout" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fitments_one_target" CHECK (("fitments"."product_id" is not null and "fitments"."diagram_id" is null and "fitments"."callout" is null) or ("fitments"."product_id" is null and "fitments"."diagram_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "machine_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"product_id" integer,
	"serial_format" text NOT NULL,
	"serial_from" text,
	"serial_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_machines" ADD CONSTRAINT "customer_machines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_machines" ADD CONSTRAINT "customer_machines_model_id_machine_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."machine_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_model_id_machine_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."machine_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_diagram_id_parts_diagrams_id_fk" FOREIGN KEY ("diagram_id") REFERENCES "public"."parts_diagrams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_models" ADD CONSTRAINT "machine_models_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_machines_serial_uq" ON "customer_machines" USING btree ("user_id","model_id","serial");--> statement-breakpoint
CREATE INDEX "customer_machines_user_idx" ON "customer_machines" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "fitments_product_idx" ON "fitments" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "fitments_diagram_idx" ON "fitments" USING btree ("diagram_id","callout");--> statement-breakpoint
CREATE INDEX "fitments_model_idx" ON "fitments" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_models_code_uq" ON "machine_models" USING btree ("code");--> statement-breakpoint
CREATE INDEX "machine_models_product_idx" ON "machine_models" USING btree ("product_id");