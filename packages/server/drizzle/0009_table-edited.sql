-- Set by the turn pipeline once a player's edit-mode turn (raw moves without rule automation) is
-- written at a table whose mode is no sandbox or debug mode: such a result is shown as changed by edit
-- moves and not counted as a played game. The tables_rev trigger (0008) lists the columns it watches
-- (UPDATE OF ...), and this is not one of them: turns are not evaluated against it, so the update that
-- writes an edit-mode turn and its counters keeps rev, and instances keep their cached table.
ALTER TABLE "tables" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;
