CREATE TABLE "guide_labels" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"guide_number" text NOT NULL,
	"source" text NOT NULL,
	"sandbox" boolean NOT NULL,
	"piece_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"pdf" "bytea",
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_labels_source" CHECK ("guide_labels"."source" in ('inventory', 'carrier_api'))
);
--> statement-breakpoint
ALTER TABLE "guide_labels" ADD CONSTRAINT "guide_labels_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;