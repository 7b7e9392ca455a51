ALTER TABLE "store_auto_orders" ADD COLUMN "wait_kind" text;--> statement-breakpoint
CREATE INDEX "store_auto_orders_waiting_idx" ON "store_auto_orders" USING btree ("wait_kind","user_id","created_at") WHERE "store_auto_orders"."status" = 'waiting';--> statement-breakpoint
-- Orders already waiting for money or for the next day go on by themselves from now on.
UPDATE "store_auto_orders" SET "wait_kind" = 'wallet_short'
  WHERE "status" = 'waiting' AND "shipment_id" IS NOT NULL AND "reason" LIKE 'La guía quedó creada sin pagar: Saldo insuficiente%';--> statement-breakpoint
UPDATE "store_auto_orders" SET "wait_kind" = 'daily_limit', "day" = to_char("updated_at" AT TIME ZONE 'America/Mexico_City', 'YYYY-MM-DD')
  WHERE "status" = 'waiting' AND "shipment_id" IS NULL AND "reason" LIKE 'Se alcanzó el límite de %';
