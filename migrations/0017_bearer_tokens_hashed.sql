-- HAND-WRITTEN (bearer tokens): append after the generated schema diff.
-- Sessions no longer carry the plain bearer token (only its id and expiry), and a token without an
-- expiry is never valid. End the tokens issued before (they never expired) and the signed-in
-- sessions that held one in plain text: those users sign in again once.
UPDATE "api_tokens" SET "revoked_at" = now() WHERE "revoked_at" IS NULL AND "expires_at" IS NULL;--> statement-breakpoint
DELETE FROM "session" WHERE "sess"->>'apiToken' IS NOT NULL;
--> statement-breakpoint
-- HAND-WRITTEN (webhooks by organisation): a webhook of an organisation now receives only
-- that organisation's events. Webhooks the shop's staff made were filed under their own account's
-- organisation; they are the shop's (every event), as new ones are (webhookOrganisationOf).
UPDATE "webhooks" w SET "organisation_id" = NULL FROM "users" u WHERE u."id" = w."created_by" AND u."role" IN ('admin', 'staff') AND w."organisation_id" = u."organisation_id";
