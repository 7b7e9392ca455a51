CREATE TABLE "carrier_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "carrier_catalogue_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_catalogue_state_single_row" CHECK ("carrier_catalogue_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "carrier_remote_areas" (
	"carrier_code" text NOT NULL,
	"postal_code" text NOT NULL,
	CONSTRAINT "carrier_remote_areas_carrier_code_postal_code_pk" PRIMARY KEY("carrier_code","postal_code")
);
--> statement-breakpoint
CREATE TABLE "carrier_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carrier_code" text NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"transit_days" smallint NOT NULL,
	"max_weight_kg" integer NOT NULL,
	"volumetric_divisor" integer DEFAULT 5000 NOT NULL,
	"guide_source" text NOT NULL,
	"package_types" text[] NOT NULL,
	"document_price_centavos" bigint,
	"external_code" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_services_carrier_name_unique" UNIQUE("carrier_code","name"),
	CONSTRAINT "carrier_services_scope" CHECK ("carrier_services"."scope" in ('domestic', 'international')),
	CONSTRAINT "carrier_services_guide_source" CHECK ("carrier_services"."guide_source" in ('inventory', 'carrier_api')),
	CONSTRAINT "carrier_services_limits" CHECK ("carrier_services"."transit_days" >= 0 and "carrier_services"."max_weight_kg" > 0 and "carrier_services"."volumetric_divisor" > 0)
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remote_area_surcharge_centavos" bigint DEFAULT 0 NOT NULL,
	"insurance_rate_bp" integer DEFAULT 0 NOT NULL,
	"insurance_min_centavos" bigint DEFAULT 0 NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carriers_money_not_negative" CHECK ("carriers"."remote_area_surcharge_centavos" >= 0 and "carriers"."insurance_min_centavos" >= 0 and "carriers"."insurance_rate_bp" >= 0)
);
--> statement-breakpoint
CREATE TABLE "markups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid,
	"user_id" uuid,
	"percent_bp" integer NOT NULL,
	"fixed_centavos" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markups_scope_unique" UNIQUE NULLS NOT DISTINCT("service_id","user_id"),
	CONSTRAINT "markups_not_negative" CHECK ("markups"."percent_bp" >= 0 and "markups"."fixed_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tariff_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"zone" text NOT NULL,
	"min_kg" integer NOT NULL,
	"max_kg" integer NOT NULL,
	"base_centavos" bigint NOT NULL,
	"extra_kg_centavos" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tariff_rows_bracket_unique" UNIQUE("service_id","zone","min_kg"),
	CONSTRAINT "tariff_rows_bracket" CHECK ("tariff_rows"."min_kg" >= 1 and "tariff_rows"."max_kg" >= "tariff_rows"."min_kg"),
	CONSTRAINT "tariff_rows_money" CHECK ("tariff_rows"."base_centavos" >= 0 and "tariff_rows"."extra_kg_centavos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "carrier_remote_areas" ADD CONSTRAINT "carrier_remote_areas_carrier_code_carriers_code_fk" FOREIGN KEY ("carrier_code") REFERENCES "public"."carriers"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_services" ADD CONSTRAINT "carrier_services_carrier_code_carriers_code_fk" FOREIGN KEY ("carrier_code") REFERENCES "public"."carriers"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_service_id_carrier_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."carrier_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_rows" ADD CONSTRAINT "tariff_rows_service_id_carrier_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."carrier_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_audit_at_idx" ON "carrier_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "carrier_audit_entity_idx" ON "carrier_audit" USING btree ("entity","entity_id","at");