CREATE TABLE "channel_countries" (
	"channel_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	CONSTRAINT "channel_countries_channel_id_country_id_pk" PRIMARY KEY("channel_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "channel_payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"method" text NOT NULL,
	"label" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "channel_payment_methods_method" CHECK ("channel_payment_methods"."method" in ('card', 'check', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "channel_warehouses" (
	"channel_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "channel_warehouses_channel_id_warehouse_id_pk" PRIMARY KEY("channel_id","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"currency_id" integer NOT NULL,
	"mid_market_rate" numeric(14, 6) NOT NULL,
	"zone_location" text NOT NULL,
	"tax_exempt_available" boolean DEFAULT false NOT NULL,
	"default_locale" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_code_unique" UNIQUE("code"),
	CONSTRAINT "channels_rate_positive" CHECK ("channels"."mid_market_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code"),
	CONSTRAINT "countries_code_format" CHECK ("countries"."code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" smallint DEFAULT 2 NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code"),
	CONSTRAINT "currencies_code_format" CHECK ("currencies"."code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "currencies_decimals_range" CHECK ("currencies"."decimals" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer,
	"user_id" integer,
	"label" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company" text,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"region_code" text DEFAULT '' NOT NULL,
	"postal_code" text NOT NULL,
	"country_code" text NOT NULL,
	"phone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"name" text DEFAULT 'session' NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tax_exempt_id" text,
	"biz_type" text,
	"org_discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"distributor_amount" integer DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_discount_range" CHECK ("organisations"."org_discount" >= 0 and "organisations"."org_discount" < 100),
	CONSTRAINT "organisations_distributor_amount" CHECK ("organisations"."distributor_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"key" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"email" text,
	"user_id" integer,
	"organisation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role" text NOT NULL,
	"permission_key" text NOT NULL,
	CONSTRAINT "role_permissions_role_permission_key_pk" PRIMARY KEY("role","permission_key"),
	CONSTRAINT "role_permissions_role" CHECK ("role_permissions"."role" in ('admin', 'staff', 'customer', 'distributor', 'warehouse'))
);
--> statement-breakpoint
CREATE TABLE "session" (
	"sid" varchar PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp (6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" integer NOT NULL,
	"permission_key" text NOT NULL,
	"granted" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_key_pk" PRIMARY KEY("user_id","permission_key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"role" text DEFAULT 'customer' NOT NULL,
	"account_type" text DEFAULT 'personal' NOT NULL,
	"organisation_id" integer,
	"warehouse_id" integer,
	"locale" text DEFAULT 'en-us' NOT NULL,
	"channel_id" integer,
	"subscribed" boolean DEFAULT true NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role" CHECK ("users"."role" in ('admin', 'staff', 'customer', 'distributor', 'warehouse')),
	CONSTRAINT "users_account_type" CHECK ("users"."account_type" in ('personal', 'organization'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_not_own_parent" CHECK ("categories"."parent_id" is null or "categories"."parent_id" <> "categories"."id")
);
--> statement-breakpoint
CREATE TABLE "channel_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"price_category" text DEFAULT 'retail' NOT NULL,
	"currency_id" integer NOT NULL,
	CONSTRAINT "channel_prices_price_nonnegative" CHECK ("channel_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "diagram_components" (
	"id" serial PRIMARY KEY NOT NULL,
	"diagram_id" integer NOT NULL,
	"callout" text NOT NULL,
	"product_id" integer NOT NULL,
	"x1" numeric(10, 3) NOT NULL,
	"y1" numeric(10, 3) NOT NULL,
	"x2" numeric(10, 3) NOT NULL,
	"y2" numeric(10, 3) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "diagram_components_rect" CHECK ("diagram_components"."x2" > "diagram_components"."x1" and "diagram_components"."y2" > "diagram_components"."y1")
);
--> statement-breakpoint
CREATE TABLE "distributors" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributors_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "option_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"name" text NOT NULL,
	"stock_code_value" text NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount_price" numeric(12, 2),
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "option_choices_price_nonnegative" CHECK ("option_choices"."price" >= 0 and ("option_choices"."discount_price" is null or "option_choices"."discount_price" >= 0))
);
--> statement-breakpoint
CREATE TABLE "parts_diagrams" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parts_diagrams_size" CHECK ("parts_diagrams"."width" > 0 and "parts_diagrams"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_distributors" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_distributors_values" CHECK ("product_distributors"."price" >= 0 and "product_distributors"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"parent_choice_id" integer,
	"name" text NOT NULL,
	"option_type" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"stock_code_position" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "product_options_type" CHECK ("product_options"."option_type" in (0, 1)),
	CONSTRAINT "product_options_position" CHECK ("product_options"."stock_code_position" >= 1)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"stockcode" text NOT NULL,
	"sku" text,
	"gtin" text,
	"brand" text,
	"tariff_code" text,
	"shipping_label" text,
	"is_kit" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"inventory_type" text DEFAULT 'stocked' NOT NULL,
	"availability" text DEFAULT 'in_stock' NOT NULL,
	"resupply_date" date,
	"price" numeric(12, 2) NOT NULL,
	"currency_id" integer NOT NULL,
	"primary_image" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_hash" text,
	"box_method" text,
	"class" text,
	"nmfc" text,
	"length" numeric(10, 3),
	"width" numeric(10, 3),
	"height" numeric(10, 3),
	"weight" numeric(10, 3),
	"is_physical" boolean DEFAULT true NOT NULL,
	"is_stackable" boolean DEFAULT false NOT NULL,
	"stackable_quantity" integer,
	"stackable_length" numeric(10, 3),
	"stackable_width" numeric(10, 3),
	"stackable_height" numeric(10, 3),
	"is_non_stock" boolean DEFAULT false NOT NULL,
	"non_stock_label" text,
	"coo" text,
	"taxonomy_terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_stockcode_unique" UNIQUE("stockcode"),
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_status" CHECK ("products"."status" in (0, 1, 2)),
	CONSTRAINT "products_availability" CHECK ("products"."availability" in ('in_stock', 'out_of_stock', 'coming_soon', 'call')),
	CONSTRAINT "products_inventory_type" CHECK ("products"."inventory_type" in ('stocked', 'made_to_order', 'drop_ship')),
	CONSTRAINT "products_price_nonnegative" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_dimensions_nonnegative" CHECK (coalesce("products"."length", 0) >= 0 and coalesce("products"."width", 0) >= 0 and coalesce("products"."height", 0) >= 0 and coalesce("products"."weight", 0) >= 0),
	CONSTRAINT "products_stackable_quantity" CHECK ("products"."stackable_quantity" is null or "products"."stackable_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"resupply_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_quantity_nonnegative" CHECK ("inventory"."quantity" >= 0),
	CONSTRAINT "inventory_reserved_range" CHECK ("inventory"."reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"service" text NOT NULL,
	"service_type" text NOT NULL,
	"zone" text NOT NULL,
	"min_weight" numeric(10, 3) NOT NULL,
	"max_weight" numeric(10, 3) NOT NULL,
	"base_price" numeric(12, 2) NOT NULL,
	"per_kg" numeric(12, 2) DEFAULT '0' NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"residential_surcharge" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "shipping_rates_weights" CHECK ("shipping_rates"."min_weight" >= 0 and "shipping_rates"."max_weight" > "shipping_rates"."min_weight"),
	CONSTRAINT "shipping_rates_days" CHECK ("shipping_rates"."min_days" >= 0 and "shipping_rates"."max_days" >= "shipping_rates"."min_days"),
	CONSTRAINT "shipping_rates_prices" CHECK ("shipping_rates"."base_price" >= 0 and "shipping_rates"."per_kg" >= 0 and "shipping_rates"."residential_surcharge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"organisation_id" integer,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"region_code" text NOT NULL,
	"postal_code" text NOT NULL,
	"country_code" text NOT NULL,
	"phone" text,
	"lat" numeric(9, 6),
	"lng" numeric(9, 6),
	"api_key_hash" text,
	"api_key_last4" text,
	"zone" text DEFAULT 'America/Chicago' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_code_unique" UNIQUE("code"),
	CONSTRAINT "warehouses_api_key_hash_unique" UNIQUE("api_key_hash")
);
--> statement-breakpoint
CREATE TABLE "epp_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"percent_down" jsonb NOT NULL,
	"months" jsonb NOT NULL,
	"default_percent_down" integer NOT NULL,
	"default_months" integer NOT NULL,
	"fee_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "epp_rules_lists" CHECK (jsonb_typeof("epp_rules"."percent_down") = 'array' and jsonb_typeof("epp_rules"."months") = 'array'),
	CONSTRAINT "epp_rules_defaults" CHECK ("epp_rules"."default_percent_down" between 1 and 100 and "epp_rules"."default_months" > 0),
	CONSTRAINT "epp_rules_defaults_listed" CHECK ("epp_rules"."percent_down" @> jsonb_build_array("epp_rules"."default_percent_down") and "epp_rules"."months" @> jsonb_build_array("epp_rules"."default_months")),
	CONSTRAINT "epp_rules_fee" CHECK ("epp_rules"."fee_percent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "line_item_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_item_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"choice_id" integer NOT NULL,
	"option_type" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "line_item_options_quantity" CHECK ("line_item_options"."quantity" between 0 and 35),
	CONSTRAINT "line_item_options_type" CHECK ("line_item_options"."option_type" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "order_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"name" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_fees_amount_positive" CHECK ("order_fees"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_type" integer DEFAULT 0 NOT NULL,
	"product_id" integer,
	"promotion_id" integer,
	"title" text NOT NULL,
	"stockcode" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"currency_id" integer NOT NULL,
	"warehouse_id" integer,
	"unit_price" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"total_discounted" numeric(12, 2) NOT NULL,
	"paid_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"unpaid_total" numeric(12, 2) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_line_items_line_type" CHECK ("order_line_items"."line_type" in (0, 1, 2, 5)),
	CONSTRAINT "order_line_items_quantity" CHECK ("order_line_items"."quantity" between 1 and 999),
	CONSTRAINT "order_line_items_product" CHECK ("order_line_items"."line_type" = 5 or "order_line_items"."product_id" is not null),
	CONSTRAINT "order_line_items_promotion" CHECK ("order_line_items"."line_type" <> 5 or "order_line_items"."promotion_id" is not null),
	CONSTRAINT "order_line_items_price" CHECK ("order_line_items"."line_type" = 5 or ("order_line_items"."unit_price" >= 0 and "order_line_items"."discount" >= 0))
);
--> statement-breakpoint
CREATE TABLE "order_promotions" (
	"order_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_promotions_order_id_promotion_id_pk" PRIMARY KEY("order_id","promotion_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'cart' NOT NULL,
	"locale" text DEFAULT 'en-us' NOT NULL,
	"notes" text,
	"channel_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"order_currency" text NOT NULL,
	"user_id" integer,
	"person_id" integer,
	"session_id" text,
	"tax_exempt_id" text,
	"payment_type" integer,
	"selected_payment_method" text,
	"erp_id" text,
	"po_number" text,
	"attention" text,
	"org_discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"order_discount_eligible" boolean DEFAULT true NOT NULL,
	"quote" boolean DEFAULT false NOT NULL,
	"third_party_info" jsonb,
	"tax_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipment_method" text,
	"shipment_quote_id" integer,
	"processor_source" text,
	"ship_to_address_id" integer,
	"bill_to_address_id" integer,
	"ship_from_warehouse_id" integer,
	"subtotal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"shipping" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"show_discount" boolean DEFAULT true NOT NULL,
	"epp_percent_down" integer,
	"epp_months" integer,
	"submitted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('cart', 'pending', 'processing', 'on_hold', 'shipped', 'completed', 'cancelled', 'quote')),
	CONSTRAINT "orders_payment_type" CHECK ("orders"."payment_type" is null or "orders"."payment_type" in (1, 2)),
	CONSTRAINT "orders_org_discount_range" CHECK ("orders"."org_discount" >= 0 and "orders"."org_discount" < 100),
	CONSTRAINT "orders_totals_nonnegative" CHECK ("orders"."subtotal" >= 0 and "orders"."shipping" >= 0 and "orders"."tax" >= 0 and "orders"."discount" >= 0 and "orders"."total" >= 0),
	CONSTRAINT "orders_epp" CHECK (("orders"."epp_percent_down" is null or "orders"."epp_percent_down" between 1 and 100) and ("orders"."epp_months" is null or "orders"."epp_months" > 0))
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"line_item_id" integer,
	"fee_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_target" CHECK (("payment_allocations"."type" = 0 and "payment_allocations"."line_item_id" is not null and "payment_allocations"."fee_id" is null) or ("payment_allocations"."type" = 1 and "payment_allocations"."fee_id" is not null and "payment_allocations"."line_item_id" is null)),
	CONSTRAINT "payment_allocations_amount_positive" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_type" integer NOT NULL,
	"successful" boolean DEFAULT false NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"provider_ref" text,
	"payment_method_id" text,
	"check_number" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_payment_type" CHECK ("payments"."payment_type" in (1, 2)),
	CONSTRAINT "payments_total_positive" CHECK ("payments"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"configuration" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_code_unique" UNIQUE("code"),
	CONSTRAINT "promotions_window" CHECK ("promotions"."starts_at" is null or "promotions"."ends_at" is null or "promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_configuration_array" CHECK (jsonb_typeof("promotions"."configuration") = 'array')
);
--> statement-breakpoint
CREATE TABLE "shipment_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"address_id" integer,
	"carrier" text NOT NULL,
	"service_type" text NOT NULL,
	"description" text NOT NULL,
	"shipment_method" text NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"shipment_date" date,
	"delivery_date" date,
	"min_days" integer,
	"max_days" integer,
	"residential" boolean DEFAULT true NOT NULL,
	"tax_duty_fees" numeric(12, 2) DEFAULT '0' NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_quotes_total_nonnegative" CHECK ("shipment_quotes"."total" >= 0 and "shipment_quotes"."tax_duty_fees" >= 0),
	CONSTRAINT "shipment_quotes_days" CHECK ("shipment_quotes"."min_days" is null or "shipment_quotes"."max_days" is null or "shipment_quotes"."max_days" >= "shipment_quotes"."min_days")
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"all_day" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_window" CHECK ("calendar_events"."ends_at" is null or "calendar_events"."ends_at" >= "calendar_events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"region_code" text NOT NULL,
	"postal_code" text NOT NULL,
	"country_code" text NOT NULL,
	"lat" numeric(9, 6) NOT NULL,
	"lng" numeric(9, 6) NOT NULL,
	"phone" text,
	"website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealers_coordinates" CHECK ("dealers"."lat" between -90 and 90 and "dealers"."lng" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "instructional_tools" (
	"instructional_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "instructional_tools_instructional_id_tool_id_pk" PRIMARY KEY("instructional_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "instructionals" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"video_url" text,
	"product_id" integer,
	"published" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructionals_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"country_code" text,
	"region_code" text,
	"message" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_status" CHECK ("leads"."status" in ('new', 'contacted', 'qualified', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"path" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"alt" text DEFAULT '' NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_path_unique" UNIQUE("path"),
	CONSTRAINT "media_size" CHECK ("media"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tools_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "translation_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"translation_id" integer NOT NULL,
	"value" text NOT NULL,
	"version" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_versions_version" CHECK ("translation_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"field" text NOT NULL,
	"language" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"value" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_version" CHECK ("translations"."version" >= 1),
	CONSTRAINT "translations_language" CHECK ("translations"."language" ~ '^[a-z]{2,3}$' and "translations"."language" <> 'xx'),
	CONSTRAINT "translations_country" CHECK ("translations"."country" = '' or "translations"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"action" text NOT NULL,
	"entity" text,
	"entity_id" integer,
	"user_id" integer,
	"message" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logs_level" CHECK ("logs"."level" in ('debug', 'info', 'warn', 'error'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"event" text NOT NULL,
	"secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"organisation_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhooks_url" CHECK ("webhooks"."url" ~ '^https?://')
);
--> statement-breakpoint
ALTER TABLE "channel_countries" ADD CONSTRAINT "channel_countries_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_countries" ADD CONSTRAINT "channel_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_payment_methods" ADD CONSTRAINT "channel_payment_methods_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_warehouses" ADD CONSTRAINT "channel_warehouses_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_warehouses" ADD CONSTRAINT "channel_warehouses_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_key_permissions_key_fk" FOREIGN KEY ("permission_key") REFERENCES "public"."permissions"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_key_permissions_key_fk" FOREIGN KEY ("permission_key") REFERENCES "public"."permissions"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_prices" ADD CONSTRAINT "channel_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_prices" ADD CONSTRAINT "channel_prices_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_prices" ADD CONSTRAINT "channel_prices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagram_components" ADD CONSTRAINT "diagram_components_diagram_id_parts_diagrams_id_fk" FOREIGN KEY ("diagram_id") REFERENCES "public"."parts_diagrams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagram_components" ADD CONSTRAINT "diagram_components_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_choices" ADD CONSTRAINT "option_choices_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_diagrams" ADD CONSTRAINT "parts_diagrams_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_audits" ADD CONSTRAINT "product_audits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_audits" ADD CONSTRAINT "product_audits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_distributors" ADD CONSTRAINT "product_distributors_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_distributors" ADD CONSTRAINT "product_distributors_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_parent_choice_id_option_choices_id_fk" FOREIGN KEY ("parent_choice_id") REFERENCES "public"."option_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "line_item_options" ADD CONSTRAINT "line_item_options_line_item_id_order_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_item_options" ADD CONSTRAINT "line_item_options_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_item_options" ADD CONSTRAINT "line_item_options_choice_id_option_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."option_choices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fees" ADD CONSTRAINT "order_fees_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD CONSTRAINT "order_line_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD CONSTRAINT "order_line_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD CONSTRAINT "order_line_items_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD CONSTRAINT "order_line_items_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD CONSTRAINT "order_line_items_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipment_quote_id_shipment_quotes_id_fk" FOREIGN KEY ("shipment_quote_id") REFERENCES "public"."shipment_quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_to_address_id_addresses_id_fk" FOREIGN KEY ("ship_to_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bill_to_address_id_addresses_id_fk" FOREIGN KEY ("bill_to_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_from_warehouse_id_warehouses_id_fk" FOREIGN KEY ("ship_from_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_line_item_id_order_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."order_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_fee_id_order_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."order_fees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_quotes" ADD CONSTRAINT "shipment_quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_quotes" ADD CONSTRAINT "shipment_quotes_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_quotes" ADD CONSTRAINT "shipment_quotes_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "instructional_tools" ADD CONSTRAINT "instructional_tools_instructional_id_instructionals_id_fk" FOREIGN KEY ("instructional_id") REFERENCES "public"."instructionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructional_tools" ADD CONSTRAINT "instructional_tools_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructionals" ADD CONSTRAINT "instructionals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructionals" ADD CONSTRAINT "instructionals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_versions" ADD CONSTRAINT "translation_versions_translation_id_translations_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."translations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_versions" ADD CONSTRAINT "translation_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_countries_country_uq" ON "channel_countries" USING btree ("country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_payment_methods_channel_method_uq" ON "channel_payment_methods" USING btree ("channel_id","method");--> statement-breakpoint
CREATE INDEX "channel_warehouses_warehouse_idx" ON "channel_warehouses" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "channels_currency_idx" ON "channels" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "countries_sort_name_idx" ON "countries" USING btree ("sort","name");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_country_code_uq" ON "regions" USING btree ("country_id","code");--> statement-breakpoint
CREATE INDEX "regions_country_name_idx" ON "regions" USING btree ("country_id","name");--> statement-breakpoint
CREATE INDEX "addresses_person_idx" ON "addresses" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "addresses_country_idx" ON "addresses" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_name_uq" ON "organisations" USING btree ("name");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_resets_expires_idx" ON "password_resets" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_user_uq" ON "persons" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "persons_organisation_idx" ON "persons" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "persons_email_idx" ON "persons" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "persons_last_name_idx" ON "persons" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "role_permissions_permission_idx" ON "role_permissions" USING btree ("permission_key");--> statement-breakpoint
CREATE INDEX "IDX_session_expire" ON "session" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "user_permissions_permission_idx" ON "user_permissions" USING btree ("permission_key");--> statement-breakpoint
CREATE INDEX "users_organisation_idx" ON "users" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "users_warehouse_idx" ON "users" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "users_channel_idx" ON "users" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_prices_product_channel_uq" ON "channel_prices" USING btree ("product_id","channel_id");--> statement-breakpoint
CREATE INDEX "channel_prices_channel_idx" ON "channel_prices" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "channel_prices_currency_idx" ON "channel_prices" USING btree ("currency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diagram_components_callout_product_uq" ON "diagram_components" USING btree ("diagram_id","callout","product_id");--> statement-breakpoint
CREATE INDEX "diagram_components_product_idx" ON "diagram_components" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "distributors_organisation_idx" ON "distributors" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "option_choices_option_idx" ON "option_choices" USING btree ("option_id","sort");--> statement-breakpoint
CREATE INDEX "parts_diagrams_product_idx" ON "parts_diagrams" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_audits_product_idx" ON "product_audits" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "product_audits_created_by_idx" ON "product_audits" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "product_categories_category_idx" ON "product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_distributors_pair_uq" ON "product_distributors" USING btree ("product_id","distributor_id");--> statement-breakpoint
CREATE INDEX "product_distributors_distributor_idx" ON "product_distributors" USING btree ("distributor_id");--> statement-breakpoint
CREATE INDEX "product_options_product_idx" ON "product_options" USING btree ("product_id","sort");--> statement-breakpoint
CREATE INDEX "product_options_parent_choice_idx" ON "product_options" USING btree ("parent_choice_id");--> statement-breakpoint
CREATE INDEX "products_title_lower_idx" ON "products" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_stockcode_lower_idx" ON "products" USING btree (lower("stockcode") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_gtin_idx" ON "products" USING btree ("gtin");--> statement-breakpoint
CREATE INDEX "products_status_popularity_idx" ON "products" USING btree ("status","popularity");--> statement-breakpoint
CREATE INDEX "products_currency_idx" ON "products" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "products_created_by_idx" ON "products" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "products_updated_by_idx" ON "products" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_warehouse_product_uq" ON "inventory" USING btree ("warehouse_id","product_id");--> statement-breakpoint
CREATE INDEX "inventory_product_idx" ON "inventory" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "shipping_rates_lookup_idx" ON "shipping_rates" USING btree ("warehouse_id","zone","min_weight");--> statement-breakpoint
CREATE INDEX "warehouses_organisation_idx" ON "warehouses" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "warehouses_country_idx" ON "warehouses" USING btree ("country_code");--> statement-breakpoint
CREATE UNIQUE INDEX "epp_rules_one_active_uq" ON "epp_rules" USING btree ("active") WHERE "epp_rules"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "line_item_options_line_choice_uq" ON "line_item_options" USING btree ("line_item_id","choice_id");--> statement-breakpoint
CREATE INDEX "line_item_options_option_idx" ON "line_item_options" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "line_item_options_choice_idx" ON "line_item_options" USING btree ("choice_id");--> statement-breakpoint
CREATE INDEX "order_fees_order_idx" ON "order_fees" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_line_items_order_idx" ON "order_line_items" USING btree ("order_id","sort");--> statement-breakpoint
CREATE INDEX "order_line_items_product_idx" ON "order_line_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_line_items_promotion_idx" ON "order_line_items" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "order_line_items_currency_idx" ON "order_line_items" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "order_line_items_warehouse_idx" ON "order_line_items" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "order_promotions_promotion_idx" ON "order_promotions" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_person_idx" ON "orders" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "orders_session_idx" ON "orders" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "orders_channel_idx" ON "orders" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "orders_currency_idx" ON "orders" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "orders_shipment_quote_idx" ON "orders" USING btree ("shipment_quote_id");--> statement-breakpoint
CREATE INDEX "orders_ship_to_idx" ON "orders" USING btree ("ship_to_address_id");--> statement-breakpoint
CREATE INDEX "orders_bill_to_idx" ON "orders" USING btree ("bill_to_address_id");--> statement-breakpoint
CREATE INDEX "orders_ship_from_idx" ON "orders" USING btree ("ship_from_warehouse_id");--> statement-breakpoint
CREATE INDEX "orders_created_by_idx" ON "orders" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "orders_erp_idx" ON "orders" USING btree ("erp_id");--> statement-breakpoint
CREATE INDEX "orders_po_number_idx" ON "orders" USING btree (lower("po_number"));--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_line_item_idx" ON "payment_allocations" USING btree ("line_item_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_fee_idx" ON "payment_allocations" USING btree ("fee_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_created_by_idx" ON "payments" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "promotions_active_idx" ON "promotions" USING btree ("active","starts_at");--> statement-breakpoint
CREATE INDEX "promotions_created_by_idx" ON "promotions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "shipment_quotes_order_idx" ON "shipment_quotes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipment_quotes_warehouse_idx" ON "shipment_quotes" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "shipment_quotes_address_idx" ON "shipment_quotes" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "surveys_order_idx" ON "surveys" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "calendar_events_starts_idx" ON "calendar_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_created_by_idx" ON "calendar_events" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "dealers_country_idx" ON "dealers" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "dealers_lat_lng_idx" ON "dealers" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "instructional_tools_tool_idx" ON "instructional_tools" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "instructionals_product_idx" ON "instructionals" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "instructionals_created_by_idx" ON "instructionals" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "instructionals_published_idx" ON "instructionals" USING btree ("published");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_country_idx" ON "leads" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "media_uploaded_by_idx" ON "media" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "translation_versions_translation_version_uq" ON "translation_versions" USING btree ("translation_id","version");--> statement-breakpoint
CREATE INDEX "translation_versions_created_by_idx" ON "translation_versions" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "translations_field_language_country_uq" ON "translations" USING btree ("field","language","country");--> statement-breakpoint
CREATE INDEX "translations_language_country_idx" ON "translations" USING btree ("language","country");--> statement-breakpoint
CREATE INDEX "translations_updated_by_idx" ON "translations" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "logs_entity_idx" ON "logs" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "logs_user_idx" ON "logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "logs_created_idx" ON "logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhooks_event_idx" ON "webhooks" USING btree ("event","active");--> statement-breakpoint
CREATE INDEX "webhooks_organisation_idx" ON "webhooks" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "webhooks_created_by_idx" ON "webhooks" USING btree ("created_by");