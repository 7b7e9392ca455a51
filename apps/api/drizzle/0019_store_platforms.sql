CREATE TABLE "store_auto_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"shipment_id" uuid,
	"day" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_rules" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"origin_address_id" uuid,
	"package_template_id" uuid,
	"carrier_rule" text DEFAULT 'cheapest' NOT NULL,
	"service_name" text,
	"max_price_centavos" bigint,
	"auto_purchase" boolean DEFAULT false NOT NULL,
	"daily_limit" integer DEFAULT 20 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_rules_limits" CHECK ("store_rules"."daily_limit" between 1 and 500 and ("store_rules"."max_price_centavos" is null or "store_rules"."max_price_centavos" > 0))
);
--> statement-breakpoint
ALTER TABLE "demo_stores" ADD COLUMN "platform" text DEFAULT 'woocommerce' NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_stores" DROP CONSTRAINT "demo_stores_pkey";--> statement-breakpoint
ALTER TABLE "demo_stores" ADD CONSTRAINT "demo_stores_user_id_platform_pk" PRIMARY KEY("user_id","platform");--> statement-breakpoint
ALTER TABLE "store_connections" ADD COLUMN "external_store_id" text;--> statement-breakpoint
ALTER TABLE "store_writebacks" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "store_auto_orders" ADD CONSTRAINT "store_auto_orders_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_auto_orders" ADD CONSTRAINT "store_auto_orders_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_auto_orders" ADD CONSTRAINT "store_auto_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_auto_orders" ADD CONSTRAINT "store_auto_orders_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_rules" ADD CONSTRAINT "store_rules_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_rules" ADD CONSTRAINT "store_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_auto_orders_connection_day_idx" ON "store_auto_orders" USING btree ("connection_id","day");