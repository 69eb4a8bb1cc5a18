ALTER TABLE "orders" ADD COLUMN "ship_to" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_to" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_copies" CHECK (("orders"."ship_to" is null or jsonb_typeof("orders"."ship_to") = 'object') and ("orders"."bill_to" is null or jsonb_typeof("orders"."bill_to") = 'object'));--> statement-breakpoint
-- ==== HAND-WRITTEN: append after the generated schema diff above. ====
-- Every order already placed (anything but a cart) keeps a copy of its ship-to and bill-to as the
-- address book holds them now (the same keys as src/domain/order-address.ts OrderAddress). Carts
-- keep reading the address book. An order whose address was already deleted keeps null.
UPDATE "orders" o SET
  "ship_to" = (SELECT jsonb_build_object('id', a.id, 'personId', a.person_id, 'firstName', a.first_name, 'lastName', a.last_name, 'company', a.company,
      'address1', a.address1, 'address2', a.address2, 'city', a.city, 'regionCode', a.region_code, 'postalCode', a.postal_code, 'countryCode', a.country_code, 'phone', a.phone)
    FROM "addresses" a WHERE a.id = o.ship_to_address_id),
  "bill_to" = (SELECT jsonb_build_object('id', a.id, 'personId', a.person_id, 'firstName', a.first_name, 'lastName', a.last_name, 'company', a.company,
      'address1', a.address1, 'address2', a.address2, 'city', a.city, 'regionCode', a.region_code, 'postalCode', a.postal_code, 'countryCode', a.country_code, 'phone', a.phone)
    FROM "addresses" a WHERE a.id = o.bill_to_address_id)
WHERE o.status <> 'cart' AND o.ship_to IS NULL AND o.bill_to IS NULL;
