export * from "./auth";
export * from "./constants";
export * from "./decks";
export * from "./lobby";
export * from "./options";
export * from "./projects";
export * from "./socket";
export * from "./table";
