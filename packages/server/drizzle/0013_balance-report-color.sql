-- One spelling (issue 23): a balance report's win rates per colour are `byColor`, each `{ color, ... }`.
-- Reports stored before are renamed in place, so every report reads the same.
UPDATE "balance_runs"
SET "report" = ("report" - 'byColour') || jsonb_build_object(
  'byColor',
  (SELECT coalesce(jsonb_agg(("e" - 'colour') || jsonb_build_object('color', "e" -> 'colour') ORDER BY "i"), '[]'::jsonb)
   FROM jsonb_array_elements("report" -> 'byColour') WITH ORDINALITY AS "x"("e", "i"))
)
WHERE "report" ? 'byColour';
