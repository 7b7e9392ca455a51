CREATE TABLE "wallet_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number_of_order" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wallet_entries_number_of_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1),
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"shipment_id" uuid,
	"created_by" uuid,
	"provider" text,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "wallet_entries_type" CHECK ("wallet_entries"."type" in ('abono', 'cargo', 'pago_sobrepeso')),
	CONSTRAINT "wallet_entries_sign" CHECK (("wallet_entries"."type" = 'abono' and "wallet_entries"."amount_centavos" > 0) or ("wallet_entries"."type" <> 'abono' and "wallet_entries"."amount_centavos" < 0)),
	CONSTRAINT "wallet_entries_provider" CHECK ("wallet_entries"."provider" is null or "wallet_entries"."provider" in ('admin', 'paypal', 'oxxo', 'wallet'))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance_centavos" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_not_negative" CHECK ("wallets"."balance_centavos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_entries_user_created_idx" ON "wallet_entries" USING btree ("user_id","created_at" DESC NULLS LAST);