-- Every change to what authenticates a request or scopes it (sessions ended, users changed or
-- disabled, roles, organisations' types and existence, access grants) NOTIFYs liftwacht_auth on
-- commit. Each server node keeps the principals and scopes it has looked up in memory and forgets
-- them all on this signal, so a request needs no database round trip to check its session, and a
-- logout or a revoked grant still ends access at once on every node — whichever process made the
-- change (a node, the admin command line, a script). Statement triggers: one signal per statement,
-- and PostgreSQL folds equal signals of one transaction into one.
CREATE FUNCTION liftwacht_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('liftwacht_auth', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_auth_changed();--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_auth_changed();--> statement-breakpoint
CREATE TRIGGER user_roles_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_auth_changed();--> statement-breakpoint
CREATE TRIGGER organisations_auth_changed AFTER INSERT OR DELETE OR UPDATE OF type OR TRUNCATE ON organisations
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_auth_changed();--> statement-breakpoint
CREATE TRIGGER organisation_access_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organisation_access
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_auth_changed();
