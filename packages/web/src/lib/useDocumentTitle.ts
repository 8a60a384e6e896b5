import { useEffect } from "react";
import { pageTitle } from "./title";

export function useDocumentTitle(name?: string): void {
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}
