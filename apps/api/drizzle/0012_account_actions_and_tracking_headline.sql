ALTER TABLE "users" ADD COLUMN "purchases_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: data that the new columns and the one tracking headline need.
-- Accounts approved before approvals were recorded count as approved when they were created.
UPDATE "users" SET "approved_at" = "created_at" WHERE "active" = true AND "approved_at" IS NULL;--> statement-breakpoint
-- 'Bloquear compras' used to set the whole-account lock; it now has its own column.
UPDATE "users" SET "purchases_blocked" = true, "locked" = false WHERE "locked" = true AND "rol" = 'user';--> statement-breakpoint
-- A guide without carrier events reads 'Guía creada' everywhere; the lists show no status until an event.
UPDATE "tracking_states" t SET "headline" = 'Guía creada' WHERE NOT EXISTS (SELECT 1 FROM "tracking_events" e WHERE e."shipment_id" = t."shipment_id");--> statement-breakpoint
UPDATE "shipments" s SET "tracking_status" = NULL WHERE s."tracking_status" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "tracking_events" e WHERE e."shipment_id" = s."id");--> statement-breakpoint
-- The spec's headline texts with their spelling corrected.
UPDATE "tracking_states" SET "headline" = CASE "headline" WHEN 'Envío entrgado' THEN 'Envío entregado' ELSE 'En recolección' END WHERE "headline" IN ('Envío entrgado', 'En recolecion');--> statement-breakpoint
UPDATE "shipments" SET "tracking_status" = CASE "tracking_status" WHEN 'Envío entrgado' THEN 'Envío entregado' ELSE 'En recolección' END WHERE "tracking_status" IN ('Envío entrgado', 'En recolecion');
