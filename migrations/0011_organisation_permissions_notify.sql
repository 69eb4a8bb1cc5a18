-- Custom SQL migration (organisation permissions: cache invalidation trigger and the new key).
-- Organisation-level permission overrides change what signed-in users may do, and every app
-- process caches signed-in users with their permissions (src/db/read-model.ts): the same
-- data_change trigger as users / role_permissions / user_permissions (migration 0007) tells every
-- process to drop that cache when the table is written.
DROP TRIGGER IF EXISTS data_change ON organisation_permissions;
--> statement-breakpoint
CREATE TRIGGER data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organisation_permissions FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
-- The new key 'organisation.users' in a database that was seeded before it existed (an empty
-- registry is left to the seed, which inserts every key itself); admins hold every key.
INSERT INTO permissions (key, description)
  SELECT 'organisation.users', 'Invite and remove the users of one''s own organisation'
  WHERE EXISTS (SELECT 1 FROM permissions) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO role_permissions (role, permission_key)
  SELECT 'admin', 'organisation.users'
  WHERE EXISTS (SELECT 1 FROM role_permissions WHERE role = 'admin') ON CONFLICT DO NOTHING;
