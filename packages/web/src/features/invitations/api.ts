import type { CreateInvitationsRequest, Invitation } from "@tt/protocol";
import { api, failureText } from "../../lib/api";

export const INVITATIONS_KEY = ["invitations"] as const;

export async function fetchInvitations(): Promise<Invitation[]> {
  const result = await api<Invitation[]>("/api/invitations");
  if (!result.ok || !Array.isArray(result.json)) throw new Error(failureText(result));
  return result.json;
}

export async function createInvitations(request: CreateInvitationsRequest): Promise<Invitation[]> {
  const result = await api<Invitation[]>("/api/invitations", { method: "POST", body: request });
  if (!result.ok || !Array.isArray(result.json)) throw new Error(failureText(result));
  return result.json;
}
