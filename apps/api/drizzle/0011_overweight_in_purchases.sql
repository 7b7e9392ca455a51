ALTER TABLE "payment_shipments" ADD COLUMN "kind" text DEFAULT 'shipment' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_shipments" ADD CONSTRAINT "payment_shipments_kind" CHECK ("payment_shipments"."kind" in ('shipment', 'overweight'));--> statement-breakpoint
-- Shares of the wallet's overweight payments ('Pago sobrepeso') were always overweight.
UPDATE "payment_shipments" SET "kind" = 'overweight' WHERE "payment_id" IN (SELECT "id" FROM "payments" WHERE "purpose" = 'overweight');
