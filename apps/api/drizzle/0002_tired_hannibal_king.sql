CREATE TABLE "saved_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"street" text NOT NULL,
	"number" text NOT NULL,
	"int_number" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"colony" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"state_code" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT 'MX' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number_of_order" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shipments_number_of_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1),
	"user_id" uuid NOT NULL,
	"customer_first_names" text NOT NULL,
	"customer_last_names" text NOT NULL,
	"customer_email" text NOT NULL,
	"origin" jsonb NOT NULL,
	"destination" jsonb NOT NULL,
	"destination_name" text NOT NULL,
	"destination_line" text NOT NULL,
	"service_id" uuid NOT NULL,
	"carrier_code" text NOT NULL,
	"service_name" text NOT NULL,
	"selected_service" jsonb NOT NULL,
	"total_centavos" bigint NOT NULL,
	"transit_days" integer NOT NULL,
	"shipment_type" text NOT NULL,
	"parcels" jsonb NOT NULL,
	"description" text NOT NULL,
	"package_insurance" boolean DEFAULT false NOT NULL,
	"insurance_information" jsonb,
	"ecommerce_order_id" text,
	"ecommerce_type" text,
	"local_pickup" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"guide_url" text,
	"number_guide" text,
	"reference" text,
	"tracking_status" text,
	"overweight_kg" numeric(10, 2),
	"overweight_centavos" bigint,
	"overweight_paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "shipments_money" CHECK ("shipments"."total_centavos" >= 0 and ("shipments"."overweight_centavos" is null or "shipments"."overweight_centavos" >= 0)),
	CONSTRAINT "shipments_type" CHECK ("shipments"."shipment_type" in ('document', 'box', 'pallet'))
);
--> statement-breakpoint
ALTER TABLE "saved_locations" ADD CONSTRAINT "saved_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_service_id_carrier_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."carrier_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_locations_user_idx" ON "saved_locations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_user_created_idx" ON "shipments" USING btree ("user_id","created_at" DESC NULLS LAST,"id") WHERE "shipments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "shipments_user_paid_created_idx" ON "shipments" USING btree ("user_id","paid","created_at" DESC NULLS LAST) WHERE "shipments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "shipments_user_service_created_idx" ON "shipments" USING btree ("user_id","service_id","created_at" DESC NULLS LAST) WHERE "shipments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "shipments_number_guide_idx" ON "shipments" USING btree ("number_guide");--> statement-breakpoint
CREATE INDEX "shipments_overweight_owed_idx" ON "shipments" USING btree ("user_id") WHERE "shipments"."overweight_centavos" > 0 and not "shipments"."overweight_paid" and "shipments"."deleted_at" is null;