// The game's overview stats (game-table.md section 3, Overview stat: name, displayName, customStyle),
// from its rule module: the columns of the score overview and of the endgame dialog; and how it words
// every statistic on the Full statistics (its describeStat).
import { defaultDescribeStat, type OverviewStat, type Situation } from "@tt/engine";
import { piecesOf, registry } from "@tt/games";
import type { TableLoadResponse } from "@tt/protocol";
import { useMemo } from "react";
import type { DescribeStat } from "./stats";

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

export function useDescribeStat(table: TableLoadResponse, situation: Situation): DescribeStat {
  const { slug } = table.projectInfo;
  return useMemo(() => {
    const module = registry.moduleFor(slug);
    const ctx = { pieces: table.components ? piecesOf(table.components) : {}, options: table.options };
    return (stat) => {
      try {
        return module.describeStat(stat, situation, ctx);
      } catch {
        // A rule script that fails here leaves the stat to the default's words.
        return defaultDescribeStat(stat);
      }
    };
  }, [slug, table.components, table.options, situation]);
}
