export * from "./auth";
export * from "./constants";
export * from "./projects";
export * from "./socket";
