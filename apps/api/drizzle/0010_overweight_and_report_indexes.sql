-- Hand-written: the trigram operator class of the report's keyword index (shipments_report_search_idx).
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; the embedded
-- database loads it at start (db/client.ts pgliteExtensions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "overweight_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "overweight_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"record_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_centavos" bigint,
	"note" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overweight_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overweight_files_kind" CHECK ("overweight_files"."kind" in ('evidence', 'dispute')),
	CONSTRAINT "overweight_files_size" CHECK ("overweight_files"."size_bytes" > 0 and "overweight_files"."size_bytes" <= 5242880)
);
--> statement-breakpoint
CREATE TABLE "overweight_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"shipment_created_at" timestamp with time zone NOT NULL,
	"number_of_order" bigint NOT NULL,
	"number_guide" text,
	"carrier_code" text NOT NULL,
	"service_name" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"shipment_total_centavos" bigint NOT NULL,
	"overweight_kg" numeric(10, 2) NOT NULL,
	"cost_centavos" bigint NOT NULL,
	"declared_weight_kg" numeric(10, 2) NOT NULL,
	"declared_billable_kg" numeric(10, 2) NOT NULL,
	"declared_parcels" jsonb NOT NULL,
	"measured_weight_kg" numeric(10, 2),
	"measured_height_cm" numeric(10, 2),
	"measured_width_cm" numeric(10, 2),
	"measured_depth_cm" numeric(10, 2),
	"measured_billable_kg" numeric(10, 2),
	"rule" jsonb,
	"suggested_cost_centavos" bigint,
	"note" text,
	"dispute_status" text DEFAULT 'none' NOT NULL,
	"dispute_message" text,
	"disputed_at" timestamp with time zone,
	"resolution_reason" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"refund_centavos" bigint,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overweight_records_money" CHECK ("overweight_records"."cost_centavos" >= 0 and "overweight_records"."overweight_kg" >= 0 and ("overweight_records"."refund_centavos" is null or "overweight_records"."refund_centavos" > 0)),
	CONSTRAINT "overweight_records_dispute" CHECK ("overweight_records"."dispute_status" in ('none', 'open', 'accepted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "overweight_events" ADD CONSTRAINT "overweight_events_record_id_overweight_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."overweight_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overweight_events" ADD CONSTRAINT "overweight_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overweight_files" ADD CONSTRAINT "overweight_files_record_id_overweight_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."overweight_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overweight_files" ADD CONSTRAINT "overweight_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overweight_records" ADD CONSTRAINT "overweight_records_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overweight_records" ADD CONSTRAINT "overweight_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overweight_records" ADD CONSTRAINT "overweight_records_service_id_carrier_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."carrier_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overweight_records" ADD CONSTRAINT "overweight_records_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overweight_records" ADD CONSTRAINT "overweight_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "overweight_events_record_idx" ON "overweight_events" USING btree ("record_id","seq");--> statement-breakpoint
CREATE INDEX "overweight_files_record_idx" ON "overweight_files" USING btree ("record_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "overweight_records_shipment_unique" ON "overweight_records" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "overweight_records_user_created_idx" ON "overweight_records" USING btree ("user_id","shipment_created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "overweight_records_created_idx" ON "overweight_records" USING btree ("shipment_created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "overweight_records_service_created_idx" ON "overweight_records" USING btree ("service_id","shipment_created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "overweight_records_open_disputes_idx" ON "overweight_records" USING btree ("disputed_at") WHERE "overweight_records"."dispute_status" = 'open';--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at" DESC NULLS LAST,"number_of_order" DESC NULLS LAST) WHERE "shipments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "shipments_service_created_idx" ON "shipments" USING btree ("service_id","created_at" DESC NULLS LAST,"number_of_order" DESC NULLS LAST) WHERE "shipments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "shipments_paid_created_idx" ON "shipments" USING btree ("paid","created_at" DESC NULLS LAST,"number_of_order" DESC NULLS LAST) WHERE "shipments"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_number_of_order_unique" ON "shipments" USING btree ("number_of_order");--> statement-breakpoint
CREATE INDEX "shipments_report_search_idx" ON "shipments" USING gin ((lower("customer_first_names" || ' ' || "customer_last_names" || ' ' || "customer_email" || ' ' || "destination_name" || ' ' || coalesce("number_guide", '') || ' ' || coalesce("reference", ''))) gin_trgm_ops) WHERE "shipments"."deleted_at" is null;--> statement-breakpoint
-- Hand-written: overweight recorded before this migration (only the shipment's two columns) gets
-- its record, so it shows in the overweight lists with what was declared.
INSERT INTO "overweight_records" ("shipment_id", "user_id", "service_id", "shipment_created_at", "number_of_order", "number_guide", "carrier_code",
  "service_name", "customer_name", "customer_email", "shipment_total_centavos", "overweight_kg", "cost_centavos", "declared_weight_kg",
  "declared_billable_kg", "declared_parcels", "created_at", "updated_at")
SELECT s."id", s."user_id", s."service_id", s."created_at", s."number_of_order", s."number_guide", s."carrier_code", s."service_name",
  s."customer_first_names" || ' ' || s."customer_last_names", s."customer_email", s."total_centavos", coalesce(s."overweight_kg", 0), s."overweight_centavos",
  coalesce((SELECT sum((p->>'weight')::numeric) FROM jsonb_array_elements(s."parcels") AS p), 0),
  coalesce((s."selected_service"->>'billable_weight_kg')::numeric, 0), s."parcels", s."updated_at", s."updated_at"
FROM "shipments" AS s
WHERE s."overweight_centavos" > 0 AND s."deleted_at" IS NULL;
