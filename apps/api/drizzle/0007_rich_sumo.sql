CREATE TABLE "tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"piece" text,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_shipment_fingerprint_unique" UNIQUE("shipment_id","fingerprint"),
	CONSTRAINT "tracking_events_state" CHECK ("tracking_events"."state" in ('pending', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'delivery_failed', 'on_hold', 'return_to_sender', 'cancelled', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "tracking_states" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"guide_number" text NOT NULL,
	"carrier_code" text NOT NULL,
	"route" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"headline" text NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"shipper_city" text,
	"consignee_city" text,
	"pieces" integer,
	"public_url" text,
	"finished" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_states_carrier_guide_unique" UNIQUE("carrier_code","guide_number")
);
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_states" ADD CONSTRAINT "tracking_states_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_events_shipment_occurred_idx" ON "tracking_events" USING btree ("shipment_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tracking_states_guide_idx" ON "tracking_states" USING btree ("guide_number");--> statement-breakpoint
CREATE INDEX "tracking_states_due_idx" ON "tracking_states" USING btree ("next_check_at") WHERE not "tracking_states"."finished";