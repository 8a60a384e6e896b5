/**
 * What other features use of the project lobby: a table's tile (the profile's finished tables, the
 * table page before the start) and the table lists' helpers. Other features import the lobby from here
 * only.
 */
export { useTableTile } from "./api";
export { TableLobbyTile } from "./TableLobbyTile";
export { TableTile } from "./TableTile";
export { allTables, freeColors, nextSkip, toPage, type Viewer } from "./tableLists";
