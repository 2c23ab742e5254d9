/**
 * The localStorage key of the signed-in session: `sb-<first label of the project's host>-auth-token`,
 * the name supabase-js's createClient gives it by default, so sessions kept before stay valid. The
 * client is given this key, and the admin page looks for it before loading supabase-js.
 */
export function authStorageKey(projectUrl: string): string {
  return `sb-${new URL(projectUrl).hostname.split('.')[0]}-auth-token`
}
