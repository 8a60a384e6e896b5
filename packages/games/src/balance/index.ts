export { compareReports, type ReportComparison, type SeatComparison } from "./compare";
export { rowsToCsv } from "./csv";
export { EMPTY_SEAT, PERSON, type PlayedTable, playedGameRow, type UnreadReason } from "./human";
export {
  type BalanceReport,
  balanceReport,
  type GameRow,
  gameRow,
  type OptionEffect,
  type PlayerCountReport,
  type PlayerStatSummary,
  type SeatRate,
  type StatSummary,
} from "./report";
export { gameSeed, gameSetup, playRunGame, type RunPlan } from "./run";
export {
  type Bin,
  compareProportions,
  type Difference,
  type Distribution,
  distribution,
  normalCdf,
  type Proportion,
  proportion,
  Z95,
} from "./stats";
