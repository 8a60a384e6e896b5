// Project administration calls (admin-decks-editor.md section 7) and their TanStack Query hooks.
// Failures carry the server's text, which the page shows as it is.
import { useQuery } from "@tanstack/react-query";
import type {
  AdminInfo,
  FormQuestionDto,
  ProjectInfo,
  ProjectInfoUpdate,
  ProjectRoleName,
} from "@tt/protocol";
import { api, failureText } from "../../lib/api";

const enc = encodeURIComponent;

export function isAdminInfo(info: ProjectInfo): info is AdminInfo {
  return info.rights.administer && info.options !== undefined && info.formQuestions !== undefined;
}

export const NOT_FOUND = "Project not found";

export const adminKeys = { info: (slug: string) => ["admin", slug, "info"] as const };

export function useAdminInfo(slug: string) {
  return useQuery({
    queryKey: adminKeys.info(slug),
    queryFn: async (): Promise<ProjectInfo> => {
      const result = await api<ProjectInfo>(`/api/projects/${enc(slug)}/admin-info`);
      if (!result.ok || !result.json) throw new Error(result.status === 0 ? failureText(result) : NOT_FOUND);
      return result.json;
    },
    retry: false,
  });
}

/** A call whose failure text is thrown; answers the success text. */
async function textCall(path: string, body: unknown): Promise<string> {
  const result = await api(path, { method: "POST", body });
  if (!result.ok) throw new Error(failureText(result));
  return result.text;
}

export function updateProjectInfo(
  slug: string,
  name: "description" | "visibility",
  newValue: string,
): Promise<ProjectInfoUpdate> {
  return api<ProjectInfoUpdate>(`/api/projects/update-project-info/${enc(slug)}?name=${name}`, {
    method: "POST",
    body: { newValue },
  }).then((r) => {
    if (!r.ok || !r.json) throw new Error(failureText(r));
    return r.json;
  });
}

export const addRole = (
  slug: string,
  body: { username: string; inviteCode: string; roleName: ProjectRoleName },
) => textCall(`/api/projects/add-role/${enc(slug)}`, body);

export const removeRole = (slug: string, body: { username: string; roleName: ProjectRoleName }) =>
  textCall(`/api/projects/remove-role/${enc(slug)}`, body);

export const QUESTIONS_SAVED = "Update success";
export const QUESTIONS_FAILED = "Error updating questions";

/** Answers 'Update success', or throws the server's 'Error updating questions: ...' text. */
export async function updateFormQuestions(
  projectSlug: string,
  questions: Record<string, FormQuestionDto>,
): Promise<string> {
  const result = await api("/api/update-form-questions", {
    method: "POST",
    body: { projectSlug, questions },
  });
  if (!result.ok) throw new Error(result.text.startsWith(QUESTIONS_FAILED) ? result.text : QUESTIONS_FAILED);
  return result.text;
}

/** Answers 'Update success!', or throws the error as JSON text. */
export async function updateOption(
  projectSlug: string,
  optionName: string,
  optionValue: Record<string, unknown> | null,
): Promise<string> {
  const result = await api("/api/update-option", {
    method: "POST",
    body: { projectSlug, optionName, optionValue },
  });
  if (!result.ok)
    throw new Error(result.json !== undefined ? JSON.stringify(result.json) : failureText(result));
  return result.text;
}

export const archiveTables = (slug: string) => textCall(`/api/projects/${enc(slug)}/archive-tables`, {});
export const deleteTables = (slug: string) => textCall(`/api/projects/${enc(slug)}/delete-tables`, {});
