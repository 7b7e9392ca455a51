CREATE TABLE "guide_inventory" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"guide_number" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"payment_id" uuid,
	"shipment_id" uuid,
	"demo" boolean DEFAULT false NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reserved_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "guide_inventory_service_number_unique" UNIQUE("service_id","guide_number"),
	CONSTRAINT "guide_inventory_status" CHECK ("guide_inventory"."status" in ('available', 'reserved', 'used'))
);
--> statement-breakpoint
CREATE TABLE "payment_shipments" (
	"payment_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"amount_centavos" bigint NOT NULL,
	CONSTRAINT "payment_shipments_payment_id_shipment_id_pk" PRIMARY KEY("payment_id","shipment_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number_of_order" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payments_number_of_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1),
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"purpose" text NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"status" text NOT NULL,
	"wallet_entry_id" uuid,
	"email" text,
	"sandbox" boolean DEFAULT false NOT NULL,
	"provider_order_id" text,
	"provider_capture_id" text,
	"oxxo_reference" text,
	"oxxo_barcode_url" text,
	"expires_at" timestamp with time zone,
	"request_id" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"provider_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_centavos" > 0),
	CONSTRAINT "payments_method" CHECK ("payments"."method" in ('paypal', 'paypal-plus', 'oxxo', 'monedero')),
	CONSTRAINT "payments_purpose" CHECK ("payments"."purpose" in ('shipments', 'topup', 'overweight')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('created', 'pending', 'paid', 'declined', 'expired', 'cancelled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shipment_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"service" text NOT NULL,
	"tracking_number" text NOT NULL,
	"address" text,
	"status" text DEFAULT 'Pendiente' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickups_status" CHECK ("pickups"."status" in ('Pendiente', 'En Progreso', 'Completado', 'Cancelado'))
);
--> statement-breakpoint
ALTER TABLE "guide_inventory" ADD CONSTRAINT "guide_inventory_service_id_carrier_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."carrier_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_inventory" ADD CONSTRAINT "guide_inventory_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_inventory" ADD CONSTRAINT "guide_inventory_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_inventory" ADD CONSTRAINT "guide_inventory_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_shipments" ADD CONSTRAINT "payment_shipments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_shipments" ADD CONSTRAINT "payment_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_wallet_entry_id_wallet_entries_id_fk" FOREIGN KEY ("wallet_entry_id") REFERENCES "public"."wallet_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guide_inventory_shipment_unique" ON "guide_inventory" USING btree ("shipment_id") WHERE "guide_inventory"."shipment_id" is not null;--> statement-breakpoint
CREATE INDEX "guide_inventory_service_status_idx" ON "guide_inventory" USING btree ("service_id","status");--> statement-breakpoint
CREATE INDEX "guide_inventory_payment_idx" ON "guide_inventory" USING btree ("payment_id") WHERE "guide_inventory"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_shipments_shipment_idx" ON "payment_shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_order_unique" ON "payments" USING btree ("method","provider_order_id") WHERE "payments"."provider_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_oxxo_reference_unique" ON "payments" USING btree ("oxxo_reference") WHERE "payments"."oxxo_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_request_id_unique" ON "payments" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pickups_shipment_unique" ON "pickups" USING btree ("shipment_id") WHERE "pickups"."shipment_id" is not null;--> statement-breakpoint
CREATE INDEX "pickups_created_idx" ON "pickups" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pickups_user_idx" ON "pickups" USING btree ("user_id","created_at" DESC NULLS LAST);