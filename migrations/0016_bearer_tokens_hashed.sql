-- HAND-WRITTEN (issue 20, bearer tokens): append after the generated schema diff.
-- Sessions no longer carry the plain bearer token (only its id and expiry), and a token without an
-- expiry is never valid. End the tokens issued before (they never expired) and the signed-in
-- sessions that held one in plain text: those users sign in again once.
UPDATE "api_tokens" SET "revoked_at" = now() WHERE "revoked_at" IS NULL AND "expires_at" IS NULL;--> statement-breakpoint
DELETE FROM "session" WHERE "sess"->>'apiToken' IS NOT NULL;
