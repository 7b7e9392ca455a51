CREATE TABLE "paypal_sandbox_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"reference_id" text NOT NULL,
	"custom_id" text,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"decline_next_capture" boolean DEFAULT false NOT NULL,
	"capture_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_shipments" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "note" text;--> statement-breakpoint
CREATE UNIQUE INDEX "paypal_sandbox_orders_request_unique" ON "paypal_sandbox_orders" USING btree ("request_id");--> statement-breakpoint
-- Attempts opened before this column existed compare against the shipment's service as it is now.
UPDATE "payment_shipments" ps SET "service_id" = s."service_id" FROM "shipments" s WHERE s."id" = ps."shipment_id" AND ps."service_id" IS NULL;
