DROP INDEX "shipments_user_paid_created_idx";--> statement-breakpoint
DROP INDEX "shipments_user_service_created_idx";--> statement-breakpoint
CREATE INDEX "shipments_list_search_idx" ON "shipments" USING gin (("destination_name" || ' ' || "destination_line" || ' ' || "service_name") gin_trgm_ops) WHERE "shipments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "shipments_user_paid_created_idx" ON "shipments" USING btree ("user_id","paid","created_at" DESC NULLS LAST,"id") WHERE "shipments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "shipments_user_service_created_idx" ON "shipments" USING btree ("user_id","service_id","created_at" DESC NULLS LAST,"id") WHERE "shipments"."deleted_at" is null;