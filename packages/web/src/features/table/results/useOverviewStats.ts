// The game's overview stats (game-table.md section 3, Overview stat: name, displayName, customStyle),
// from its rule module: the columns of the score overview and of the endgame dialog.
import type { OverviewStat, Situation } from "@tt/engine";
import { piecesOf, registry } from "@tt/games";
import type { TableLoadResponse } from "@tt/protocol";
import { useMemo } from "react";

export function useOverviewStats(table: TableLoadResponse, situation: Situation): OverviewStat[] {
  const { slug } = table.projectInfo;
  return useMemo(() => {
    try {
      const pieces = table.components ? piecesOf(table.components) : {};
      return registry.moduleFor(slug).stats(situation, { pieces, options: table.options });
    } catch {
      // A rule script that fails here leaves the overview to the players' 'score'.
      return [];
    }
  }, [slug, table.components, table.options, situation]);
}
