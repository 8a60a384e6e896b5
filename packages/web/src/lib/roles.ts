/** Site admin: the role string contains 'admin' (admin, superadmin), per the spec's permissions. */
export function isSiteAdmin(role: string | null | undefined): boolean {
  return (role ?? "").includes("admin");
}
