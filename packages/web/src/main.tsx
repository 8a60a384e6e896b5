import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";

// A deploy removes the old chunks; a page still running the old build fails to load one. Reloading
// fetches the new build (spec section 8: a failed preload raises a preload-error event).
window.addEventListener("vite:preloadError", () => window.location.reload());

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
