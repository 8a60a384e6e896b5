/** The projects the user may see (GET /api/get-project-list), for the home page. Other features import it from here. */
export { useProjectList } from "./useProjectList";
