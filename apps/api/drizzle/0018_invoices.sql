CREATE TABLE "billable_payments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_folio" bigint NOT NULL,
	"method" text NOT NULL,
	"purpose" text NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"payment_form" text NOT NULL,
	"wallet_entry_id" uuid,
	"description" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"period" text NOT NULL,
	"invoice_id" uuid,
	"global_invoice_id" uuid,
	"excluded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider_customer_id" text NOT NULL,
	"live" boolean NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoices_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" uuid,
	"payment_id" uuid,
	"status" text NOT NULL,
	"sandbox" boolean NOT NULL,
	"receptor" jsonb NOT NULL,
	"use" text NOT NULL,
	"payment_form" text NOT NULL,
	"payment_method" text DEFAULT 'PUE' NOT NULL,
	"items" jsonb NOT NULL,
	"total_centavos" bigint NOT NULL,
	"period" text NOT NULL,
	"global_key" text,
	"global_payments" integer,
	"external_id" text NOT NULL,
	"stamp_round" integer DEFAULT 1 NOT NULL,
	"stamp_attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" text,
	"claimed_until" timestamp with time zone,
	"provider_id" text,
	"uuid" text,
	"series" text,
	"folio_number" integer,
	"issued_at" timestamp with time zone,
	"failure_message" text,
	"failure_path" text,
	"failed_at" timestamp with time zone,
	"cancel_motive" text,
	"cancel_substitution" text,
	"cancellation_status" text,
	"cancel_requested_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"replaces_invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('payment', 'global')),
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" in ('pending', 'valid', 'failed', 'cancelling', 'cancelled')),
	CONSTRAINT "invoices_total" CHECK ("invoices"."total_centavos" > 0)
);
--> statement-breakpoint
ALTER TABLE "billable_payments" ADD CONSTRAINT "billable_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_payments" ADD CONSTRAINT "billable_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_payments" ADD CONSTRAINT "billable_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_payments" ADD CONSTRAINT "billable_payments_global_invoice_id_invoices_id_fk" FOREIGN KEY ("global_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_customers" ADD CONSTRAINT "invoice_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billable_payments_user_paid_idx" ON "billable_payments" USING btree ("user_id","paid_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "billable_payments_wallet_entry_idx" ON "billable_payments" USING btree ("wallet_entry_id") WHERE "billable_payments"."wallet_entry_id" is not null;--> statement-breakpoint
CREATE INDEX "billable_payments_invoice_idx" ON "billable_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "billable_payments_global_invoice_idx" ON "billable_payments" USING btree ("global_invoice_id");--> statement-breakpoint
CREATE INDEX "billable_payments_open_period_idx" ON "billable_payments" USING btree ("period","paid_at") WHERE "billable_payments"."global_invoice_id" is null and "billable_payments"."excluded_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_user_created_idx" ON "invoices" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_status_created_idx" ON "invoices" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_payment_idx" ON "invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_uuid_unique" ON "invoices" USING btree ("uuid") WHERE "invoices"."uuid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_global_key_unique" ON "invoices" USING btree ("global_key") WHERE "invoices"."global_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_replaces_unique" ON "invoices" USING btree ("replaces_invoice_id") WHERE "invoices"."replaces_invoice_id" is not null;