-- The general report's «Referencia» (and its search) is the OXXO reference that pays a shipment.
-- Shipments paid by one, or with one still open, get it; the newest reference wins.
UPDATE "shipments" AS s
SET "reference" = r."oxxo_reference"
FROM (
  SELECT DISTINCT ON (ps."shipment_id") ps."shipment_id", p."oxxo_reference"
  FROM "payment_shipments" ps
  JOIN "payments" p ON p."id" = ps."payment_id"
  WHERE ps."kind" = 'shipment'
    AND p."method" = 'oxxo'
    AND p."oxxo_reference" IS NOT NULL
    AND p."status" IN ('created', 'pending', 'paid')
  ORDER BY ps."shipment_id", (p."status" = 'paid') DESC, p."created_at" DESC
) AS r
WHERE s."id" = r."shipment_id" AND s."reference" IS NULL;
