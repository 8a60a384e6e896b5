-- The table option 'Undo asks the opponents' (issue 37 point 8), chosen when the table is made: an undo
-- is then a request the opponents accept or refuse. Off for every table made before it, as the spec's
-- undo rules stand. Not watched by the tables_rev trigger (0008): it is set once, at creation, and no
-- turn is evaluated against it.
ALTER TABLE "tables" ADD COLUMN "undo_asks" boolean DEFAULT false NOT NULL;
