ALTER TABLE "demo_stores" ADD COLUMN "platform" text DEFAULT 'woocommerce' NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_stores" DROP CONSTRAINT "demo_stores_pkey";--> statement-breakpoint
ALTER TABLE "demo_stores" ADD CONSTRAINT "demo_stores_user_id_platform_pk" PRIMARY KEY("user_id","platform");--> statement-breakpoint
ALTER TABLE "store_connections" ADD COLUMN "external_store_id" text;--> statement-breakpoint
ALTER TABLE "store_writebacks" ADD COLUMN "ref" text;
