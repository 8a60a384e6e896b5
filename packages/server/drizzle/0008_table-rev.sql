ALTER TABLE "tables" ADD COLUMN "rev" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An instance caches a table's row and situation and writes a turn in one statement on the condition
-- that the row's rev is still the cached one (tables/hub.ts). Any update that sets a column a turn is
-- evaluated against moves rev on; the turn counters (expected_move_id, turns_played, active_player)
-- do not, so turns written by another instance only need their events fetched.
CREATE FUNCTION "tables_bump_rev"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rev := OLD.rev + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tables_rev" BEFORE UPDATE OF "status", "table_mode", "is_private", "options", "possible_colors", "seats", "components_version", "decks", "started_at", "start_situation", "components", "project_slug" ON "tables" FOR EACH ROW EXECUTE FUNCTION "tables_bump_rev"();
