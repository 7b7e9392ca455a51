CREATE TABLE "bulk_fingerprints" (
	"user_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"shipment_id" uuid,
	"upload_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_rows" (
	"upload_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"values" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body" jsonb,
	"quote" jsonb,
	"net_centavos" bigint,
	"fingerprint" text,
	"recreate" boolean DEFAULT false NOT NULL,
	"same_file_row" integer,
	"shipment_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_rows_upload_id_row_pk" PRIMARY KEY("upload_id","row"),
	CONSTRAINT "bulk_rows_status" CHECK ("bulk_rows"."status" in ('pending', 'valid', 'invalid', 'duplicate', 'created'))
);
--> statement-breakpoint
CREATE TABLE "bulk_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"total_rows" integer NOT NULL,
	"ignored_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_uploads_status" CHECK ("bulk_uploads"."status" in ('processing', 'ready'))
);
--> statement-breakpoint
CREATE TABLE "label_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_preferences_format" CHECK ("label_preferences"."format" in ('pdf4x6', 'pdfletter', 'zpl'))
);
--> statement-breakpoint
CREATE TABLE "parcel_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"shipment_type" text NOT NULL,
	"width" integer NOT NULL,
	"depth" integer NOT NULL,
	"height" integer NOT NULL,
	"weight_kg" numeric(8, 1) NOT NULL,
	"description" text NOT NULL,
	"insured_centavos" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcel_templates_type" CHECK ("parcel_templates"."shipment_type" in ('document', 'box', 'pallet')),
	CONSTRAINT "parcel_templates_insured" CHECK ("parcel_templates"."insured_centavos" is null or "parcel_templates"."insured_centavos" > 0)
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bulk_fingerprints" ADD CONSTRAINT "bulk_fingerprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_fingerprints" ADD CONSTRAINT "bulk_fingerprints_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_fingerprints" ADD CONSTRAINT "bulk_fingerprints_upload_id_bulk_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."bulk_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_rows" ADD CONSTRAINT "bulk_rows_upload_id_bulk_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."bulk_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_rows" ADD CONSTRAINT "bulk_rows_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_uploads" ADD CONSTRAINT "bulk_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_preferences" ADD CONSTRAINT "label_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_templates" ADD CONSTRAINT "parcel_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_fingerprints_user_unique" ON "bulk_fingerprints" USING btree ("user_id","fingerprint");--> statement-breakpoint
CREATE INDEX "bulk_rows_upload_status_idx" ON "bulk_rows" USING btree ("upload_id","status","row");--> statement-breakpoint
CREATE INDEX "bulk_uploads_user_created_idx" ON "bulk_uploads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_templates_user_name_unique" ON "parcel_templates" USING btree ("user_id","name_key");--> statement-breakpoint
CREATE INDEX "parcel_templates_user_created_idx" ON "parcel_templates" USING btree ("user_id","created_at");