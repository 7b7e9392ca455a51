CREATE TABLE "shipment_idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"shipment_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "shipment_list_state" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"live" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_idempotency_keys" ADD CONSTRAINT "shipment_idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_list_state" ADD CONSTRAINT "shipment_list_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): keeps shipment_list_state in step with
-- every write to shipments, one aggregate per statement (bulk inserts cost one upsert per user).
-- It also announces which users' lists changed (NOTIFY shipment_list, ids joined by commas, or
-- '*' when too many): the embedded database delivers it in-process at commit, so the lists there
-- need no version read per request.
CREATE FUNCTION "shipment_list_state_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE shipment_list_state AS s
    SET version = s.version + 1, live = s.live - o.live, paid = s.paid - o.paid
    FROM (
      SELECT user_id, count(*) FILTER (WHERE deleted_at IS NULL) AS live, count(*) FILTER (WHERE deleted_at IS NULL AND paid) AS paid
      FROM old_rows GROUP BY user_id
    ) AS o
    WHERE s.user_id = o.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO shipment_list_state AS s (user_id, version, live, paid)
    SELECT user_id, 1, count(*) FILTER (WHERE deleted_at IS NULL), count(*) FILTER (WHERE deleted_at IS NULL AND paid)
    FROM new_rows GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET version = s.version + 1, live = s.live + EXCLUDED.live, paid = s.paid + EXCLUDED.paid;
  END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT user_id::text, ',') INTO changed FROM old_rows;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT user_id::text, ',') INTO changed FROM new_rows;
  ELSE
    SELECT string_agg(DISTINCT u::text, ',') INTO changed FROM (SELECT user_id AS u FROM old_rows UNION SELECT user_id FROM new_rows) AS both_rows;
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM pg_notify('shipment_list', CASE WHEN length(changed) > 7000 THEN '*' ELSE changed END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shipments_list_state_insert" AFTER INSERT ON "shipments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipment_list_state_track"();
--> statement-breakpoint
CREATE TRIGGER "shipments_list_state_update" AFTER UPDATE ON "shipments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipment_list_state_track"();
--> statement-breakpoint
CREATE TRIGGER "shipments_list_state_delete" AFTER DELETE ON "shipments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipment_list_state_track"();
--> statement-breakpoint
INSERT INTO "shipment_list_state" ("user_id", "version", "live", "paid")
SELECT "user_id", 1, count(*) FILTER (WHERE "deleted_at" IS NULL), count(*) FILTER (WHERE "deleted_at" IS NULL AND "paid")
FROM "shipments" GROUP BY "user_id";
