CREATE TABLE "demo_stores" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text DEFAULT 'woocommerce' NOT NULL,
	"store_url" text NOT NULL,
	"app_name" text NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"state" text NOT NULL,
	"key_id" integer,
	"consumer_key_sealed" text,
	"consumer_secret_sealed" text,
	"key_hint" text,
	"webhook_secret_sealed" text,
	"pending_webhook_secret_sealed" text,
	"webhook_ids" jsonb,
	"weight_unit" text DEFAULT 'kg' NOT NULL,
	"complete_on_delivery" boolean DEFAULT true NOT NULL,
	"connected_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"last_webhook_at" timestamp with time zone,
	"last_order_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"sync_cursor" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"failure_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_connections_user_store_unique" UNIQUE("user_id","platform","store_url"),
	CONSTRAINT "store_connections_state" CHECK ("store_connections"."state" in ('connected', 'needs_reconnect', 'disconnected'))
);
--> statement-breakpoint
CREATE TABLE "store_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_handshakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text DEFAULT 'woocommerce' NOT NULL,
	"store_url" text NOT NULL,
	"app_name" text NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"external_id" bigint NOT NULL,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"created_at_store" timestamp with time zone NOT NULL,
	"modified_at" timestamp with time zone NOT NULL,
	"content_hash" text NOT NULL,
	"customer_name" text NOT NULL,
	"search_name" text NOT NULL,
	"destination" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	"raw_address" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"weight_kg" numeric(10, 3),
	"weight_source" text DEFAULT 'pending' NOT NULL,
	"parcel_cm" jsonb,
	"total_centavos" bigint NOT NULL,
	"shipping_method" text NOT NULL,
	"customer_note" text NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_orders_connection_external_unique" UNIQUE("connection_id","external_id"),
	CONSTRAINT "store_orders_money" CHECK ("store_orders"."total_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"connection_id" uuid NOT NULL,
	"product_id" bigint NOT NULL,
	"weight_kg" numeric(10, 3),
	"dimensions_cm" jsonb,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_products_connection_id_product_id_pk" PRIMARY KEY("connection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "store_writebacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"store_order_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"event" text NOT NULL,
	"guide_number" text NOT NULL,
	"carrier_name" text NOT NULL,
	"state_label" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"note_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "store_writebacks_shipment_event_unique" UNIQUE("shipment_id","event"),
	CONSTRAINT "store_writebacks_status" CHECK ("store_writebacks"."status" in ('pending', 'blocked', 'done'))
);
--> statement-breakpoint
ALTER TABLE "demo_stores" ADD CONSTRAINT "demo_stores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_connections" ADD CONSTRAINT "store_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_events" ADD CONSTRAINT "store_events_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_handshakes" ADD CONSTRAINT "store_handshakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_writebacks" ADD CONSTRAINT "store_writebacks_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_writebacks" ADD CONSTRAINT "store_writebacks_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_writebacks" ADD CONSTRAINT "store_writebacks_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_connections_live_idx" ON "store_connections" USING btree ("state") WHERE "store_connections"."state" <> 'disconnected';--> statement-breakpoint
CREATE INDEX "store_events_connection_at_idx" ON "store_events" USING btree ("connection_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_handshakes_user_idx" ON "store_handshakes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_orders_user_created_idx" ON "store_orders" USING btree ("user_id","created_at_store" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_orders_weight_pending_idx" ON "store_orders" USING btree ("connection_id") WHERE "store_orders"."weight_source" = 'pending';--> statement-breakpoint
CREATE INDEX "store_writebacks_blocked_idx" ON "store_writebacks" USING btree ("connection_id") WHERE "store_writebacks"."status" = 'blocked';